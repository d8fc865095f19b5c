"""The diff property: after every event, the tree the client built from ``scene.changed``
ops equals compd's whole ``scene.layout`` (the reference the ops must reproduce).

Events are drawn from a seeded generator over the nodes of the live tree, so a failure
names the seed and step that reproduce it.
"""

from __future__ import annotations

import random
import string

import compd
import pytest
from trees import assert_tree_matches_layout

COMPONENTS = [
    ("demo.Login", {"username": "ann"}),
    ("demo.StackedForm", {"rows": 3}),
    ("demo.Settings", {}),
    ("demo.Destination", {"destination": "Oslo"}),
    ("demo.Gallery", {}),
    ("demo.Contacts", {"count": 5000}),
]
STEPS = 40


def random_event(rng: random.Random, scene: compd.Scene) -> dict:
    nodes = [node for node in scene.root.walk() if not node.hidden]
    choice = rng.random()
    if choice < 0.05:
        return {"type": "keyboard", "height": rng.choice([0, 0, 291, 336])}
    if choice < 0.1:
        return {"type": "back"}
    if choice < 0.15:
        return {"type": "touch", "x": rng.uniform(0, 390), "y": rng.uniform(0, 844)}
    kinds = {
        "textField": lambda node: rng.choice([
            {"type": "text", "target": node.id,
             "text": "".join(rng.choice(string.ascii_letters + " ")
                             for _ in range(rng.randint(0, 12)))},
            {"type": "focus", "target": node.id},
            {"type": "blur", "target": node.id},
            {"type": "submit", "target": node.id},
        ]),
        "button": lambda node: {"type": "tap", "target": node.id},
        "switch": lambda node: {"type": "toggle", "target": node.id,
                                "on": rng.random() < 0.5},
        "scroll": lambda node: {"type": "scroll", "target": node.id,
                                "x": 0, "y": rng.uniform(-50, 600)},
        # A table scrolls a little or far; its rows are tapped or swiped open and shut.
        "table": lambda node: {"type": "scroll", "target": node.id, "x": 0,
                               "y": rng.choice([rng.uniform(-50, 600),
                                                rng.uniform(0, 300_000)])},
        "cell": lambda node: rng.choice([
            {"type": "tap", "target": node.id},
            {"type": "swipe", "target": node.id, "direction": rng.choice(["left", "right"])},
        ]),
    }
    candidates = [node for node in nodes if node.type in kinds]
    node = rng.choice(candidates)
    return kinds[node.type](node)


@pytest.mark.parametrize("component,params", COMPONENTS, ids=[c for c, _ in COMPONENTS])
def test_live_tree_equals_layout_after_each_random_event(daemon, component, params):
    seed = sum(map(ord, component))
    rng = random.Random(seed)
    with compd.Client(daemon.socket, timeout=20) as client:
        scene = client.open(component, params=params)
        assert_tree_matches_layout(scene, scene.layout())
        for step in range(STEPS):
            event = random_event(rng, scene)
            if rng.random() < 0.05:
                scene.resize(rng.choice([390, 844, 320]), rng.choice([844, 390, 568]))
            else:
                try:
                    scene.event(event)
                except (compd.InvalidParams, compd.NoSuchNode):
                    pass  # e.g. tapping a disabled button; a failed event changes nothing
            layout = scene.layout()
            try:
                assert_tree_matches_layout(scene, layout)
            except AssertionError as error:
                raise AssertionError(f"seed {seed}, step {step}, event {event}") from error
        scene.close()
