"""Container transitions in the Python client: the ``animation`` a push's and a pop's
``insert`` and ``remove`` ops carry is not the client's to run; its tree takes the final
state at once and matches compd's layout after each."""

import compd
from trees import assert_tree_matches_layout


def test_a_push_and_a_pop_leave_the_tree_as_compd_has_it(daemon):
    with compd.Client(daemon.socket, timeout=20) as client:
        scene = client.open("demo.Contacts", {"count": 20})
        row = next(node for node in scene.root.walk() if (node.key or "").startswith("person"))
        scene.tap(row)
        assert scene.find("detail") is not None and scene.find("contacts") is None
        assert_tree_matches_layout(scene, scene.layout())
        scene.event({"type": "back"})
        assert scene.find("detail") is None and scene.find("contacts") is not None
        assert_tree_matches_layout(scene, scene.layout())
