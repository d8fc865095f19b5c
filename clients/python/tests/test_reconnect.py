"""Reconnecting and resuming: a dropped connection, a missed change and a restarted
compd."""

from __future__ import annotations

import shutil
import time

import compd
import pytest
from conftest import drop, wait_for
from trees import assert_tree_matches_layout


def test_dropped_connection_resumes_with_the_changes_it_missed(daemon):
    with compd.Client(daemon.socket) as client, compd.Client(daemon.socket) as other:
        scene = client.open("demo.StackedForm", params={"rows": 1})
        # Hold the reader's lock so that the client reconnects only after `other` acted.
        with client._lock:
            drop(client)
            other.call("scene.event", scene=scene.id, event={"type": "tap", "target": "addRow"})
            other.call("scene.event", scene=scene.id,
                       event={"type": "text", "target": "row1", "text": "offline"})
        wait_for(lambda: client.reconnects == 1 and scene.find("row2") is not None)
        assert scene.find("row1").props["text"] == "offline"
        assert_tree_matches_layout(scene, scene.layout())
        # The connection-lifetime scene is still the client's: events work as before.
        scene.tap("addRow")
        assert scene.find("row3") is not None
        assert_tree_matches_layout(scene, scene.layout())


def test_a_scene_older_than_the_tree_is_taken_whole_on_resume(daemon):
    # A daemon that brings a scene back at an earlier revision answers `since` with
    # InvalidParams (field "since"); the client then subscribes without it.
    with compd.Client(daemon.socket) as client:
        scene = client.open("demo.Login", lifetime="daemon")
        scene.type("username", "ann")
        with client._lock:
            scene._state.revision = 10_000
            drop(client)
        wait_for(lambda: client.reconnects == 1 and scene.revision < 10_000)
        assert_tree_matches_layout(scene, scene.layout())
        assert scene.find("username").props["text"] == "ann"
        scene.close()


def test_a_missed_change_is_noticed_and_the_tree_is_fetched_again(daemon):
    with compd.Client(daemon.socket) as client:
        scene = client.open("demo.Login")
        dropped = []
        receive = client._notification

        def lose_one(method, params, connection):
            if method == "scene.changed" and not dropped:
                dropped.append(params)
                return
            receive(method, params, connection)

        client._notification = lose_one
        scene.type("username", "a")
        assert dropped and scene.find("username").props.get("text") == ""
        # The next change's base is past the tree: the client subscribes again with since.
        scene.type("username", "ab")
        wait_for(lambda: scene.find("username").props.get("text") == "ab")
        assert_tree_matches_layout(scene, scene.layout())


def test_restarted_daemon_restores_the_scene_and_the_client_resumes(own_daemon):
    with compd.Client(own_daemon.socket) as client:
        scene = client.open("demo.Login", lifetime="daemon")
        scene.type("username", "ann")
        before = scene.revision
        # compd saves a scene within its save delay (scene-save-delay, 1 s by default;
        # docs/protocol.md, "Scenes across restarts"); a kill before that loses the text.
        time.sleep(2.5)
        own_daemon.kill()
        own_daemon.start()
        wait_for(lambda: client.reconnects == 1)
        # The restored scene's revision is past any the client saw, so its `since` gets
        # a whole tree, which replaces the client's.
        wait_for(lambda: scene.revision > before)
        layout = scene.layout()
        assert_tree_matches_layout(scene, layout)
        assert scene.find("username").props["text"] == "ann"
        scene.type("username", "anna")
        assert_tree_matches_layout(scene, scene.layout())


def test_a_daemon_that_lost_the_scene_makes_it_raise_no_such_scene(own_daemon):
    with compd.Client(own_daemon.socket) as client:
        scene = client.open("demo.Login", lifetime="daemon")
        own_daemon.kill()
        shutil.rmtree(own_daemon.dir / "state")
        own_daemon.start()
        wait_for(lambda: client.reconnects == 1 and scene._error is not None)
        with pytest.raises(compd.NoSuchScene):
            scene.tap("login")
        with pytest.raises(compd.NoSuchScene):
            scene.root
        assert scene.id not in client.scenes


def test_calls_wait_for_the_daemon_to_come_back(own_daemon):
    with compd.Client(own_daemon.socket, timeout=30) as client:
        own_daemon.kill()
        wait_for(lambda: not client.connected)
        started = []

        import threading
        threading.Timer(0.3, lambda: (own_daemon.start(), started.append(True))).start()
        assert isinstance(client.call("daemon.ping"), dict)
        wait_for(lambda: started)
        assert client.reconnects == 1


def test_without_reconnect_a_drop_is_final(own_daemon):
    with compd.Client(own_daemon.socket, reconnect=False) as client:
        scene = client.open("demo.Login", lifetime="daemon")
        own_daemon.kill()
        wait_for(lambda: not client.connected)
        with pytest.raises(compd.ConnectionLost):
            client.call("daemon.ping")
        with pytest.raises(compd.ConnectionLost):
            scene.tap("login")
