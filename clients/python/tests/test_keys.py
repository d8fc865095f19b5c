"""Hardware keys in the Python client: the ``key`` event it builds, and the root's
``focused`` node it follows as compd's focus engine moves."""

import compd
import pytest
from trees import assert_tree_matches_layout

from compd.wire import key_event


def test_key_event_checks_its_members():
    assert key_event("Tab") == {"type": "key", "key": "Tab"}
    assert key_event("f", ["command"], "down") == {
        "type": "key", "key": "f", "modifiers": ["command"], "phase": "down"}
    for bad in (lambda: key_event(""), lambda: key_event("a", ["meta"]),
                lambda: key_event("a", phase="sideways")):
        with pytest.raises(ValueError):
            bad()


def test_keys_move_focus_and_toggle_in_demo_settings(daemon):
    with compd.Client(daemon.socket, timeout=20) as client:
        scene = client.open("demo.Settings")
        assert scene.focused is None
        assert scene.key("Tab")["handled"]
        assert scene.focused is not None and scene.focused.key == "notifications"
        was_on = scene.find("notifications").props.get("on", False)
        scene.key("Enter")
        assert scene.find("notifications").props.get("on", False) != was_on
        scene.key("ArrowDown")
        assert scene.focused.key == "darkMode"
        assert not scene.key("ArrowLeft")["handled"]
        scene.key("Tab", ["shift"])
        assert scene.focused.key == "notifications"
        assert_tree_matches_layout(scene, scene.layout())
