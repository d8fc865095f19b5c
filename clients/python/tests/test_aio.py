"""compd.aio: the same flows with asyncio."""

from __future__ import annotations

import asyncio
import json

import compd
import compd.aio
import pytest


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 60))


def same_tree(scene, layout) -> bool:
    return (scene.revision == layout["revision"]
            and json.dumps(scene.root.to_json(), sort_keys=True)
            == json.dumps(layout["root"], sort_keys=True))


def test_login_over_asyncio(daemon):
    async def main():
        async with compd.aio.Client(daemon.socket) as client:
            scene = await client.open("demo.Login")
            await scene.type("username", "ann")
            await scene.type("password", "pw")
            assert scene.find("username").props["text"] == "ann"
            await scene.tap("login")
            event = await scene.next_event(timeout=5)
            assert event == compd.Emitted("login", {"username": "ann", "hasPassword": True})
            assert same_tree(scene, await scene.layout())
            assert [e async for e in scene.events(timeout=0.05)] == []
            with pytest.raises(compd.NoSuchNode):
                await scene.tap("nothing")
            with pytest.raises(compd.InvalidParams):
                await client.open("demo.Login", environment={"width": 0})
            await scene.close()
    run(main())


def test_asyncio_client_resumes_after_a_drop(daemon):
    async def main():
        client = await compd.aio.connect(daemon.socket)
        other = await compd.aio.connect(daemon.socket)
        try:
            scene = await client.open("demo.StackedForm", params={"rows": 1})
            client._writer.transport.abort()
            await other.call("scene.event", scene=scene.id,
                             event={"type": "tap", "target": "addRow"})
            for _ in range(2000):
                if client.reconnects and scene.find("row2") is not None:
                    break
                await asyncio.sleep(0.01)
            assert scene.find("row2") is not None
            assert same_tree(scene, await scene.layout())
            await scene.tap("addRow")
            assert scene.find("row3") is not None
        finally:
            await client.close()
            await other.close()
    run(main())


def test_asyncio_client_survives_a_daemon_restart(own_daemon):
    async def main():
        async with compd.aio.Client(own_daemon.socket) as client:
            saved_before = (await client.call("daemon.info"))["persistence"].get("lastSaved")
            scene = await client.open("demo.Login", lifetime="daemon")
            # compd writes an opened scene right after answering scene.open, not before
            # (docs/operations.md, "Scene persistence"): a kill before that write loses it.
            for _ in range(500):
                info = await client.call("daemon.info")
                if info["persistence"].get("lastSaved") not in (None, saved_before):
                    break
                await asyncio.sleep(0.01)
            own_daemon.kill()
            await asyncio.get_running_loop().run_in_executor(None, own_daemon.start)
            assert isinstance(await client.call("daemon.ping"), dict)
            assert client.reconnects == 1
            # compd saved the scene when it opened and brings it back at a revision past
            # the client's, so the resubscription replaces the tree.
            for _ in range(500):
                layout = await scene.layout()
                if same_tree(scene, layout):
                    break
                await asyncio.sleep(0.01)
            assert same_tree(scene, layout) and layout["revision"] > 1
    run(main())
