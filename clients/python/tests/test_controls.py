"""The valued controls in the Python client's tree, and the ``value`` event it builds."""

import compd
import pytest
from trees import assert_tree_matches_layout

from compd.tree import CONTROL_VALUES, Node
from compd.wire import tap_event, value_event


def node(type_, props):
    return Node.from_json({"id": "n1", "type": type_, "frame": {"x": 0, "y": 0, "width": 10,
                                                                 "height": 10},
                           "props": props, "children": []})


def test_each_control_reads_its_value_or_the_protocols_default():
    assert set(CONTROL_VALUES) == {"slider", "stepper", "segmentedControl", "progress",
                                   "pageControl"}
    assert node("slider", {"value": 0.25}).value == 0.25
    assert node("stepper", {"value": 3}).value == 3
    assert node("segmentedControl", {"segments": []}).value == -1
    assert node("segmentedControl", {"selectedSegmentIndex": 2}).value == 2
    assert node("progress", {"progress": 0.5}).value == 0.5
    assert node("pageControl", {"numberOfPages": 3}).value == 0
    assert node("label", {"text": "x"}).value is None


def test_value_event_checks_its_numbers():
    assert value_event("slider", 0.5) == {"type": "value", "target": "slider", "value": 0.5}
    assert value_event("picker", 2, component=1)["component"] == 1
    for bad in (float("nan"), True, "1"):
        with pytest.raises(ValueError):
            value_event("slider", bad)
    with pytest.raises(ValueError):
        value_event("picker", 1, component=-1)


def test_tap_event_takes_a_point_in_the_target():
    assert tap_event("stepper") == {"type": "tap", "target": "stepper"}
    assert tap_event("stepper", 70, 16) == {"type": "tap", "target": "stepper", "x": 70, "y": 16}
    with pytest.raises(ValueError):
        tap_event("stepper", 70)


def test_set_value_and_taps_move_demo_controls(daemon):
    with compd.Client(daemon.socket, timeout=20) as client:
        scene = client.open("demo.Controls")
        assert scene.find("slider").type == "slider"
        assert scene.find("slider").value == 40
        scene.set_value("slider", 1000)
        assert scene.find("slider").value == 100
        assert scene.next_event(timeout=5) == compd.Emitted(
            "valueChanged", {"key": "slider", "value": 100.0})
        scene.tap("stepper", 80, 16)
        assert scene.find("stepper").value == 4
        scene.set_value("segments", 2)
        assert scene.find("segments").value == 2
        assert scene.find("segmentValue").props["text"] == "Selected: Month"
        scene.tap("pages", 300, 10)
        assert scene.find("pages").value == 1
        assert_tree_matches_layout(scene, scene.layout())
