"""Touches in the Python client: the ``touch`` event it builds, and a drag of
demo.Playground's card through the real daemon, which moves the card by the finger's path."""

import compd
import pytest

from compd.wire import touch_event


def test_touch_event_checks_its_members():
    assert touch_event("began", 10, 20) == {"type": "touch", "phase": "began", "id": 0, "x": 10, "y": 20}
    assert touch_event("moved", 1, 2, id=3, t=16.5)["t"] == 16.5
    for bad in (lambda: touch_event("sideways", 0, 0), lambda: touch_event("began", 0, 0, id=-1)):
        with pytest.raises(ValueError):
            bad()


def test_a_drag_moves_the_playground_card(daemon):
    with compd.Client(daemon.socket, timeout=20) as client:
        scene = client.open("demo.Playground")
        before = scene.find("card").absolute_frame
        scene.drag("card", 40, 70)
        after = scene.find("card").absolute_frame
        assert (after.x, after.y) == (before.x + 40, before.y + 70)
        assert scene.find("status").props["text"] == "Dropped the card"


def test_a_fling_decelerates_demo_contacts_table(daemon):
    with compd.Client(daemon.socket, timeout=20) as client:
        scene = client.open("demo.Contacts")
        start = scene.find("contacts").props["contentOffset"]["y"]
        scene.fling("contacts", 0, -120)
        # Far beyond the 110 points the finger dragged past the pan's 10: the fling's
        # projection, 0.998 / 0.002 times the speed in points per millisecond.
        offset = scene.find("contacts").props["contentOffset"]["y"]
        assert offset - start > 110 + 1000
