"""A node's accessibility in the Python client's tree: the protocol's per-type defaults, the
``a11y`` prop over them, the reading order, and the ``accessibility`` event against compd."""

import compd
import pytest

from compd.accessibility import accessibility_event, reading_order
from compd.tree import Node


def tree(type_, props, children=(), frame=(0, 0, 100, 20), id_="n1"):
    x, y, w, h = frame
    return {"id": id_, "type": type_, "frame": {"x": x, "y": y, "width": w, "height": h},
            "props": props, "children": list(children)}


def node(type_, props, children=()):
    return Node.from_json(tree(type_, props, children))


def test_defaults_follow_the_protocols_table():
    label = node("label", {"text": "Name"}).accessibility
    assert (label.element, label.label, label.traits) == (True, "Name", ["staticText"])
    button = node("button", {"title": "Save", "enabled": False}).accessibility
    assert (button.label, button.traits) == ("Save", ["button", "notEnabled"])
    icon = node("button", {"image": {"name": "plus"}}).accessibility
    assert icon.label == "plus"
    toggle = node("switch", {"on": True}).accessibility
    assert (toggle.value, toggle.traits) == ("1", ["button"])
    secure = node("textField", {"secure": True, "textLength": 4, "placeholder": "PIN"})
    assert (secure.accessibility.label, secure.accessibility.value) == ("PIN", "••••")
    slider = node("slider", {"value": 40, "maximumValue": 100}).accessibility
    assert (slider.value, slider.traits) == ("40%", ["adjustable"])
    assert node("stepper", {"value": 2.5}).accessibility.value == "2.5"
    assert node("pageControl", {"numberOfPages": 5}).accessibility.value == "page 1 of 5"
    image = node("image", {}).accessibility
    assert (image.element, image.traits) == (False, ["image"])
    assert not node("view", {}).accessibility.element
    assert node("view", {"presentation": "alert"}).accessibility.modal


def test_a11y_members_override_the_defaults():
    toggle = node("switch", {"on": False, "a11y": {"label": "Autoplay", "hint": "Plays videos",
                                                    "actions": ["Reset"]}}).accessibility
    assert (toggle.label, toggle.value, toggle.hint, toggle.actions) == (
        "Autoplay", "0", "Plays videos", ["Reset"])
    title = node("label", {"text": "Inbox", "a11y": {"traits": ["header", "staticText"]}})
    assert title.accessibility.traits == ["header", "staticText"]
    quiet = node("label", {"text": "x", "a11y": {"element": False, "label": ""}}).accessibility
    assert (quiet.element, quiet.label) == (False, None)


def test_cells_combine_their_labels_unless_they_hold_a_control():
    row = node("cell", {}, [tree("label", {"text": "Ann"}, frame=(16, 0, 100, 20), id_="n2"),
                            tree("label", {"text": "Sales"}, frame=(16, 22, 100, 16), id_="n3")])
    assert (row.accessibility.element, row.accessibility.label) == (True, "Ann, Sales")
    with_switch = node("cell", {}, [tree("label", {"text": "Wi-Fi"}, id_="n2"),
                                    tree("switch", {"on": True}, id_="n3")])
    assert not with_switch.accessibility.element


def test_reading_order_is_by_lines_then_left_to_right_and_modal_views_hide_siblings():
    root = Node.from_json(tree("view", {}, [
        tree("label", {"text": "C"}, frame=(10, 100, 50, 14), id_="n2"),
        tree("label", {"text": "B"}, frame=(200, 10, 50, 14), id_="n3"),
        tree("label", {"text": "A"}, frame=(10, 14, 50, 14), id_="n4"),
        tree("segmentedControl", {"segments": [{"title": "Day", "width": 50},
                                               {"title": "Week", "width": 50}],
                                  "selectedSegmentIndex": 1}, frame=(0, 200, 100, 32), id_="n5"),
    ], frame=(0, 0, 390, 844)))
    order = reading_order(root)
    assert [item.label for item in order] == ["A", "B", "C", "Day", "Week"]
    assert order[4].accessibility.traits == ["button", "selected"] and order[4].segment == 1
    root.children.append(Node.from_json(tree("view", {"presentation": "alert"}, [
        tree("label", {"text": "Delete?"}, id_="n7")], frame=(50, 300, 200, 100), id_="n6"), root))
    assert [item.label for item in reading_order(root)] == ["Delete?"]


def test_accessibility_event_checks_its_action():
    assert accessibility_event("slider", "increment") == {
        "type": "accessibility", "target": "slider", "action": "increment"}
    with pytest.raises(ValueError):
        accessibility_event("slider", "")


def test_demo_settings_switches_are_labelled_and_adjust_through_compd(daemon):
    with compd.Client(daemon.socket, timeout=20) as client:
        settings = client.open("demo.Settings")
        toggle = settings.find("autoplay").accessibility
        assert (toggle.label, toggle.value, toggle.traits) == ("Autoplay", "0", ["button"])
        labels = [item.label for item in reading_order(settings.root)]
        # The header, then each row's text and its switch, top to bottom.
        assert labels == ["Preferences", "Notifications", "Notifications", "Dark mode",
                          "Dark mode", "Autoplay", "Autoplay"]
        controls = client.open("demo.Controls")
        assert controls.find("slider").accessibility.value == "40%"
        controls.event(accessibility_event("slider", "increment"))
        assert controls.find("slider").value == 50
        assert controls.find("slider").accessibility.value == "50%"
