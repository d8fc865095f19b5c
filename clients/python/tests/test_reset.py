"""``scene.reset``, ``scene.closed`` with ``component-failed`` and ``compd.ComponentFailed``
against a scripted compd (fake_compd.py), with both clients.

The trees are written out by hand from docs/protocol.md ("Nodes", "Changes") and the
contract of ``scene.reset {scene, revision, root, reason, detail?}``: the client replaces
its tree with ``root`` at ``revision``, and changes after it apply to the new tree.
"""

from __future__ import annotations

import asyncio
import copy
from typing import Any, Dict, Iterator, List

import compd
import compd.aio
import pytest
from conftest import wait_for
from fake_compd import FakeCompd, Refusal
from trees import assert_tree_matches_layout


def frame(x: float, y: float, width: float, height: float) -> Dict[str, Any]:
    return {"x": x, "y": y, "width": width, "height": height}


def node(id: str, type: str, key: Any = None, props: Any = None, children: Any = (),
         at: Any = (0, 0, 100, 30)) -> Dict[str, Any]:
    value: Dict[str, Any] = {"id": id, "type": type}
    if key is not None:
        value["key"] = key
    value.update(frame=frame(*at), props=dict(props or {}), children=list(children))
    return value


def login_tree(ids: List[str], username: str) -> Dict[str, Any]:
    """A login form: window, form view, user name and password fields, a button."""
    window, form, user, password, button = ids
    return node(window, "view", at=(0, 0, 390, 844), children=[
        node(form, "view", at=(0, 47, 390, 763), children=[
            node(user, "textField", "username", {"text": username, "placeholder": "User"}),
            node(password, "textField", "password", {"secure": True, "textLength": 0},
                 at=(0, 40, 100, 30)),
            node(button, "button", "login", {"title": "Log in", "titleColor": "#007affff"},
                 at=(0, 80, 100, 30)),
        ]),
    ])


FIRST = login_tree(["n1", "n2", "n3", "n4", "n5"], "")
# What the restored scene looks like: new node ids, the typed text brought back.
RESTORED = login_tree(["n1", "n2", "n6", "n7", "n8"], "ann")
RESET_REVISION = 1_000_002

# The change after the reset: password typed, an error label inserted under the form.
AFTER_RESET = {"scene": "s1", "revision": RESET_REVISION + 1, "base": RESET_REVISION, "ops": [
    {"op": "update", "id": "n7", "props": {"textLength": 2}},
    {"op": "insert", "parent": "n2", "index": 3,
     "node": node("n9", "label", "error", {"text": "Wrong password"}, at=(0, 120, 200, 20))},
    {"op": "frame", "id": "n8", "frame": frame(0, 90, 100, 30)},
]}
FINAL = login_tree(["n1", "n2", "n6", "n7", "n8"], "ann")
FINAL["children"][0]["children"][1]["props"]["textLength"] = 2
FINAL["children"][0]["children"][2]["frame"] = frame(0, 90, 100, 30)
FINAL["children"][0]["children"].append(
    node("n9", "label", "error", {"text": "Wrong password"}, at=(0, 120, 200, 20)))

TYPED = {"scene": "s1", "revision": 2, "base": 1,
         "ops": [{"op": "update", "id": "n3", "props": {"text": "ann"}}]}
RESET = {"scene": "s1", "revision": RESET_REVISION, "root": RESTORED, "reason": "crashed",
         "detail": "its scene host killed by signal 9 (SIGKILL)"}


class Scripted:
    """A fake compd holding one scene, ``s1``, whose current tree tests set."""

    def __init__(self) -> None:
        self.revision = 1
        self.root = copy.deepcopy(FIRST)
        self.fake = FakeCompd({
            "daemon.ping": lambda params: {},
            "scene.open": lambda params: {"scene": "s1", "revision": 1, "root": FIRST},
            "scene.subscribe": self.subscribe,
            "scene.layout": lambda params: {"scene": "s1", "revision": self.revision,
                                            "root": self.root},
        })

    def subscribe(self, params: Dict[str, Any]) -> Dict[str, Any]:
        # This compd keeps no history: any `since` but the current revision gets a snapshot.
        result: Dict[str, Any] = {"scene": "s1", "revision": self.revision}
        since = params.get("since")
        if since is None or since < self.revision:
            result["root"] = self.root
        elif since > self.revision:
            raise Refusal(-32602, "since is newer than the scene", {"field": "since"})
        return result

    def now(self, revision: int, root: Dict[str, Any]) -> None:
        self.revision = revision
        self.root = root


@pytest.fixture
def scripted() -> Iterator[Scripted]:
    server = Scripted()
    yield server
    server.fake.close()


def test_a_reset_replaces_the_tree_and_later_changes_apply_to_the_new_one(scripted):
    fake = scripted.fake
    with compd.Client(fake.socket, timeout=10) as client:
        scene = client.open("demo.Login")
        fake.notify("scene.changed", TYPED)
        client.call("daemon.ping")  # replies follow the notifications sent before them
        old_username = scene.find("username")
        assert old_username.id == "n3" and old_username.props["text"] == "ann"
        assert scene.resets == 0 and scene.last_reset is None

        fake.notify("scene.reset", RESET)
        # A change of the old tree that was on its way is void: its revision is older.
        fake.notify("scene.changed", dict(TYPED, revision=3, base=2))
        fake.notify("scene.changed", AFTER_RESET)
        scripted.now(RESET_REVISION + 1, FINAL)
        client.call("daemon.ping")

        assert_tree_matches_layout(scene, scene.layout())
        assert scene.resets == 1
        assert scene.last_reset == compd.Reset(RESET_REVISION, "crashed",
                                               "its scene host killed by signal 9 (SIGKILL)")
        assert scene.next_reset(timeout=0) == scene.last_reset
        with pytest.raises(TimeoutError):
            scene.next_reset(timeout=0.01)
        assert scene.find("username").id == "n6" and scene.node("n3") is None
        assert scene.node("n9").parent is scene.find("login").parent
        assert scene.find("error").absolute_frame == compd.Frame(0, 167, 200, 20)
        # The node the caller held belongs to the void tree.
        assert old_username.parent.parent is not scene.root
        # Nothing was asked again: the reset carried the tree.
        assert [p.get("since") for p in fake.sent("scene.subscribe")] == [1]


def test_a_reconnect_after_a_reset_resumes_from_the_resets_revision(scripted):
    fake = scripted.fake
    with compd.Client(fake.socket, timeout=10) as client:
        scene = client.open("demo.Login")
        fake.notify("scene.reset", RESET)
        scripted.now(RESET_REVISION, RESTORED)
        client.call("daemon.ping")
        assert scene.revision == RESET_REVISION
        fake.drop()
        wait_for(lambda: len(fake.sent("scene.subscribe")) == 2)
        assert fake.sent("scene.subscribe")[1] == {"scene": "s1", "since": RESET_REVISION}
        client.call("daemon.ping")
        assert client.reconnects == 1
        assert_tree_matches_layout(scene, scene.layout())


def test_a_reset_without_a_readable_tree_makes_the_client_ask_for_one(scripted):
    fake = scripted.fake
    with compd.Client(fake.socket, timeout=10) as client:
        scene = client.open("demo.Login")
        scripted.now(RESET_REVISION, RESTORED)
        fake.notify("scene.reset", {"scene": "s1", "revision": RESET_REVISION,
                                    "root": {"id": "n1"}, "reason": "hung"})
        wait_for(lambda: scene.revision == RESET_REVISION)
        assert fake.sent("scene.subscribe")[-1] == {"scene": "s1", "since": 1}
        assert_tree_matches_layout(scene, scene.layout())
        # A snapshot is not a reset compd announced.
        assert scene.resets == 0
        # A notification whose params are not an object is passed over; a change without
        # a revision makes the client ask again.
        fake.notify("scene.changed", ["s1"])
        fake.notify("scene.changed", {"scene": "s1", "base": RESET_REVISION})
        wait_for(lambda: len(fake.sent("scene.subscribe")) == 3)
        assert fake.sent("scene.subscribe")[-1] == {"scene": "s1", "since": RESET_REVISION}
        client.call("daemon.ping")
        assert client.connected
        assert_tree_matches_layout(scene, scene.layout())


def test_a_change_that_does_not_follow_the_reset_is_fetched_again(scripted):
    fake = scripted.fake
    with compd.Client(fake.socket, timeout=10) as client:
        scene = client.open("demo.Login")
        fake.notify("scene.reset", RESET)
        scripted.now(RESET_REVISION + 1, FINAL)
        # base is past the reset's revision: one change in between was missed.
        fake.notify("scene.changed", dict(AFTER_RESET, revision=RESET_REVISION + 2,
                                          base=RESET_REVISION + 1, ops=[]))
        wait_for(lambda: scene.revision == RESET_REVISION + 1)
        assert fake.sent("scene.subscribe")[-1] == {"scene": "s1", "since": RESET_REVISION}
        assert_tree_matches_layout(scene, scene.layout())


QUARANTINED = {"scene": "s1", "reason": "component-failed",
               "detail": "crashed its scene host 3 times within 600 s (last: its scene host "
                         "killed by signal 5 (SIGTRAP))"}


def test_a_failed_component_closes_the_scene_with_its_detail(scripted):
    fake = scripted.fake
    with compd.Client(fake.socket, timeout=10) as client:
        scene = client.open("demo.Login")
        fake.notify("scene.emitted", {"scene": "s1", "name": "login", "payload": None})
        fake.notify("scene.closed", QUARANTINED)
        client.call("daemon.ping")
        assert scene.closed == "component-failed"
        assert scene.closed_detail == QUARANTINED["detail"]
        assert scene.id not in client.scenes
        # Events that came before the closing are still handed out; then it raises.
        events = scene.events(timeout=1)
        assert next(events) == compd.Emitted("login", None)
        with pytest.raises(compd.NoSuchScene) as caught:
            next(events)
        assert caught.value.reason == "component-failed"
        assert caught.value.detail == QUARANTINED["detail"]
        assert caught.value.data["scene"] == "s1"
        with pytest.raises(compd.NoSuchScene):
            scene.next_reset(timeout=1)


def test_an_ordinary_closing_ends_the_events_quietly(scripted):
    fake = scripted.fake
    with compd.Client(fake.socket, timeout=10) as client:
        scene = client.open("demo.Login")
        fake.notify("scene.closed", {"scene": "s1", "reason": "abandoned"})
        client.call("daemon.ping")
        assert list(scene.events(timeout=1)) == []
        assert scene.closed == "abandoned" and scene.closed_detail is None


CRASHED = {"name": "compd.ComponentFailed", "component": "demo.Login", "scene": "s1",
           "reason": "crashed", "signal": "SIGTRAP",
           "detail": "its scene host killed by signal 5 (SIGTRAP)"}


def crash(params: Dict[str, Any]) -> Any:
    raise Refusal(-32005, "demo.Login crashed its scene host", CRASHED)


def test_a_request_whose_host_died_raises_component_failed(scripted):
    scripted.fake.handlers["scene.event"] = crash
    with compd.Client(scripted.fake.socket, timeout=10) as client:
        scene = client.open("demo.Login")
        with pytest.raises(compd.ComponentFailed) as caught:
            scene.tap("login")
        error = caught.value
        assert (error.code, error.component, error.reason, error.signal, error.status,
                error.detail) == (-32005, "demo.Login", "crashed", "SIGTRAP", None,
                                  CRASHED["detail"])
        # The scene is still followed: compd brings it back and resets it.
        scripted.fake.notify("scene.reset", RESET)
        client.call("daemon.ping")
        assert scene.revision == RESET_REVISION


def test_the_asyncio_client_applies_a_reset_and_a_quarantine(scripted):
    fake = scripted.fake
    scripted.fake.handlers["scene.event"] = crash

    async def main() -> None:
        async with compd.aio.Client(fake.socket, timeout=10) as client:
            scene = await client.open("demo.Login")
            fake.notify("scene.changed", TYPED)
            fake.notify("scene.reset", RESET)
            fake.notify("scene.changed", AFTER_RESET)
            scripted.now(RESET_REVISION + 1, FINAL)
            await client.call("daemon.ping")
            assert_tree_matches_layout(scene, await scene.layout())
            assert await scene.next_reset(timeout=1) == compd.Reset(
                RESET_REVISION, "crashed", RESET["detail"])
            assert scene.resets == 1 and scene.find("username").props["text"] == "ann"
            with pytest.raises(compd.ComponentFailed) as caught:
                await scene.tap("login")
            assert caught.value.reason == "crashed"

            fake.drop()
            for _ in range(1000):
                if client.reconnects and len(fake.sent("scene.subscribe")) == 2:
                    break
                await asyncio.sleep(0.005)
            assert fake.sent("scene.subscribe")[1]["since"] == RESET_REVISION + 1

            fake.notify("scene.closed", QUARANTINED)
            with pytest.raises(compd.NoSuchScene) as closed:
                async for _ in scene.events(timeout=5):
                    pass
            assert closed.value.reason == "component-failed"
            assert scene.closed_detail == QUARANTINED["detail"]

    asyncio.run(asyncio.wait_for(main(), 30))
