"""The scene's language on the root node: ``layoutDirection`` and ``lang`` (docs/protocol.md)."""

from compd.tree import Node

FRAME = {"x": 0, "y": 0, "width": 390, "height": 844}


def test_root_direction_and_language():
    arabic = Node.from_json({"id": "n1", "type": "view", "frame": FRAME,
                             "props": {"layoutDirection": "rightToLeft", "lang": "ar"}})
    assert arabic.layout_direction == "rightToLeft"
    assert arabic.lang == "ar"
    english = Node.from_json({"id": "n1", "type": "view", "frame": FRAME})
    assert english.layout_direction == "leftToRight"
    assert english.lang == "en"
    assert english.to_json().get("props", {}) == {}
