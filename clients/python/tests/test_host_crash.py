"""A scene host killed, stopped or replaced for new plugin code under the clients' feet:
compd restores its scenes in a live host and sends ``scene.reset`` (docs/protocol.md,
"Scene hosts"); each client's live tree must then be exactly compd's ``scene.layout``, with
the text typed before, while the scenes of the other host are left alone. A request the
host was running raises ``compd.ComponentFailed``; a component that keeps crashing its
host is quarantined and its scene closes with ``component-failed``."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
from typing import Any, Dict, Iterator

import compd
import compd.aio
import pytest
from conftest import BIN, Daemon, drop, wait_for
from trees import assert_tree_matches_layout


@pytest.fixture
def two_hosts() -> Iterator[Daemon]:
    """A compd of the test's own with two scene hosts."""
    running = Daemon(["--scene-hosts", "2"])
    running.start()
    yield running
    running.cleanup()


def hosts_of(listing: Dict[str, Any]) -> Dict[str, int]:
    """Scene id → the pid of its scene host, from ``scene.list``'s result."""
    return {entry["scene"]: entry["host"] for entry in listing["scenes"] if "host" in entry}


def live_host_pids(info: Dict[str, Any]) -> "set[int]":
    return {host["pid"] for host in info["hosts"]}


def test_a_killed_scene_host_resets_the_trees_it_held(two_hosts):
    with compd.Client(two_hosts.socket, timeout=30) as client:
        scenes = [client.open("demo.Login") for _ in range(3)]
        for number, scene in enumerate(scenes):
            scene.type("username", f"user{number}")
        hosts = hosts_of(client.call("scene.list"))
        assert set(hosts) == {scene.id for scene in scenes}
        victim = hosts[scenes[0].id]
        assert victim in live_host_pids(client.call("daemon.info"))
        # Scenes go to the host holding the fewest, so the two hosts share the three.
        assert len(set(hosts.values())) == 2

        os.kill(victim, signal.SIGKILL)
        for number, scene in enumerate(scenes):
            if hosts[scene.id] == victim:
                reset = scene.next_reset(timeout=30)
                assert reset.reason == "crashed"
                assert scene.resets == 1 and scene.last_reset == reset
            layout = scene.layout()
            assert_tree_matches_layout(scene, layout)
            assert scene.find("username").props["text"] == f"user{number}"
        assert [scene.resets for scene in scenes] == [
            1 if hosts[scene.id] == victim else 0 for scene in scenes]
        assert victim not in live_host_pids(client.call("daemon.info"))

        # The restored scene takes events on its new tree.
        first = scenes[0]
        first.type("password", "pw")
        first.tap("login")
        assert first.next_event(timeout=10) == compd.Emitted(
            "login", {"username": "user0", "hasPassword": True})
        assert_tree_matches_layout(first, first.layout())
        assert hosts_of(client.call("scene.list"))[first.id] != victim


def test_the_asyncio_client_follows_a_killed_scene_host(two_hosts):
    async def main() -> None:
        async with compd.aio.Client(two_hosts.socket, timeout=30) as client:
            scene = await client.open("demo.Login")
            await scene.type("username", "ann")
            victim = hosts_of(await client.call("scene.list"))[scene.id]
            os.kill(victim, signal.SIGKILL)
            reset = await scene.next_reset(timeout=30)
            assert reset.reason == "crashed" and scene.resets == 1
            assert_tree_matches_layout(scene, await scene.layout())
            assert scene.find("username").props["text"] == "ann"
            await scene.type("username", "anna")
            assert scene.find("username").props["text"] == "anna"
            assert_tree_matches_layout(scene, await scene.layout())

    asyncio.run(asyncio.wait_for(main(), 60))


def test_new_plugin_code_moves_the_scene_with_an_upgraded_reset(two_hosts):
    with compd.Client(two_hosts.socket, timeout=30) as client:
        scene = client.open("demo.Login")
        scene.type("username", "kept")
        before = live_host_pids(client.call("daemon.info"))
        # A new file for the plugin, as a new build installs it.
        library = two_hosts.plugins / "libLogin.so"
        os.remove(library)
        shutil.copy(BIN / "libLogin.so", library)
        client.call("plugins.rescan")
        reset = scene.next_reset(timeout=30)
        assert reset.reason == "upgraded"
        assert_tree_matches_layout(scene, scene.layout())
        assert scene.find("username").props["text"] == "kept"
        assert hosts_of(client.call("scene.list"))[scene.id] not in before
        scene.type("username", "still here")
        assert_tree_matches_layout(scene, scene.layout())


def test_a_hung_scene_host_is_replaced_and_its_scene_reset():
    # A stopped host answers no ping: after host-hang-timeout compd kills it (reason hung).
    daemon = Daemon(["--scene-hosts", "1", "--host-hang-timeout", "1",
                     "--host-ping-interval", "0.2"])
    daemon.start()
    try:
        with compd.Client(daemon.socket, timeout=30) as client:
            scene = client.open("demo.Login")
            scene.type("username", "ann")
            victim = hosts_of(client.call("scene.list"))[scene.id]
            os.kill(victim, signal.SIGSTOP)
            reset = scene.next_reset(timeout=30)
            assert reset.reason == "hung"
            assert_tree_matches_layout(scene, scene.layout())
            assert scene.find("username").props["text"] == "ann"
            assert victim not in live_host_pids(client.call("daemon.info"))
    finally:
        daemon.cleanup()


def test_a_client_away_during_a_reset_gets_the_new_tree_when_it_resumes(two_hosts):
    with compd.Client(two_hosts.socket, timeout=30) as client, \
            compd.Client(two_hosts.socket, timeout=30) as witness:
        scene = client.open("demo.Login", lifetime="daemon")
        scene.type("username", "ann")
        seen = witness.attach(scene.id)
        victim = hosts_of(client.call("scene.list"))[scene.id]
        # The reader cannot reconnect while the test holds the client's lock.
        with client._lock:
            drop(client)
            os.kill(victim, signal.SIGKILL)
            seen.next_reset(timeout=30)
        # Its `since` is older than the reset, whose history is gone: a snapshot replaces
        # the tree. The client did not see the reset itself, so it does not count it.
        wait_for(lambda: client.reconnects == 1 and scene.revision == seen.revision)
        assert_tree_matches_layout(scene, scene.layout())
        assert scene.find("username").props["text"] == "ann"
        assert scene.resets == 0 and seen.resets == 1
        scene.close()


def test_a_request_in_a_killed_host_fails_and_a_kill_without_evidence_quarantines_nothing():
    """A host killed from outside while a request waits in it: the request fails as
    ComponentFailed naming its component, the scene comes back (scene.reset), and, since
    nothing says that component's code killed the host, it is never quarantined."""
    daemon = Daemon(["--scene-hosts", "1", "--component-crash-limit", "2"])
    daemon.start()

    async def main() -> None:
        async with compd.aio.Client(daemon.socket, timeout=30) as client:
            scene = await client.open("demo.Login", lifetime="daemon")
            failed = 0
            for _ in range(6):
                victim = hosts_of(await client.call("scene.list"))[scene.id]
                # A stopped host holds the tap; killing it then ends it with the tap in it.
                os.kill(victim, signal.SIGSTOP)
                tap = asyncio.ensure_future(scene.tap("login"))
                await asyncio.sleep(0.1)
                # Broker-only, served after the tap was handed to the host.
                await client.call("scene.list")
                os.kill(victim, signal.SIGKILL)
                try:
                    await tap
                except compd.ComponentFailed as caught:
                    assert (caught.reason, caught.signal, caught.component) == (
                        "crashed", "SIGKILL", "demo.Login")
                    assert "signal 9" in caught.detail
                    failed += 1
                assert (await scene.next_reset(timeout=30)).reason == "crashed"
                if failed == 3:
                    break
            assert failed == 3
            # Past the crash limit, yet not quarantined: the scene is open and new ones open.
            await scene.layout()
            await client.open("demo.Login")
            listed = await client.call("components.list")
            login = next(c for c in listed["components"] if c["name"] == "demo.Login")
            assert "quarantined" not in login

    try:
        asyncio.run(asyncio.wait_for(main(), 90))
    finally:
        daemon.cleanup()
