"""The text controls in the Python client: the clear event and a node's runs and kind."""

from compd.tree import Node
from compd.wire import clear_event


def test_clear_event_names_its_target():
    assert clear_event("email") == {"type": "clear", "target": "email"}
    node = Node.from_json({"id": "n4", "type": "textField", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}})
    assert clear_event(node) == {"type": "clear", "target": "n4"}


def test_label_runs_and_text_inputs():
    label = Node.from_json({"id": "n1", "type": "label", "frame": {"x": 0, "y": 0, "width": 10, "height": 10},
                            "props": {"text": "ab", "runs": [{"text": "a", "font": "system-bold-20"}, {"text": "b"}]}})
    assert [run["text"] for run in label.runs] == ["a", "b"]
    assert not label.takes_text
    plain = Node.from_json({"id": "n2", "type": "label", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}})
    assert plain.runs == []
    for kind in ("textField", "textView", "searchBar"):
        node = Node.from_json({"id": "n3", "type": kind, "frame": {"x": 0, "y": 0, "width": 1, "height": 1}})
        assert node.takes_text
