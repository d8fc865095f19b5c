"""The valued controls in the Python client's tree, and the ``value`` event it builds."""

import pytest

from compd.tree import CONTROL_VALUES, Node
from compd.wire import value_event


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
