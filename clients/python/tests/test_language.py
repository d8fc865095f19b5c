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


def test_a_control_says_which_way_it_paints():
    slider = Node.from_json({"id": "n2", "type": "slider", "frame": FRAME,
                             "props": {"value": 0.4, "layoutDirection": "rightToLeft"}})
    assert slider.layout_direction == "rightToLeft"
    assert slider.value == 0.4
    segments = Node.from_json({"id": "n3", "type": "segmentedControl", "frame": FRAME,
                               "props": {"segments": [{"title": "A", "width": 50}, {"title": "B", "width": 50}]}})
    assert segments.layout_direction == "leftToRight"
    assert segments.to_json()["props"] == {"segments": [{"title": "A", "width": 50}, {"title": "B", "width": 50}]}
