"""The asyncio client: the same API as :mod:`compd`'s blocking one, with coroutines.

::

    async with await compd.aio.connect() as client:
        scene = await client.open("demo.Login")
        await scene.type("username", "ann")

A reader task per connection applies ``scene.changed`` before it completes the reply of
the event that caused it, and reconnects with backoff when the connection drops,
subscribing each live scene again with ``since``.
"""

from __future__ import annotations

import asyncio
import json
from collections import deque
from typing import Any, AsyncIterator, Callable, Deque, Dict, Optional, cast

from . import errors
from .errors import ConnectionLost, Error
from .tree import Node, SceneState
from .wire import (MAX_LINE_BYTES, RECONNECT_FIRST_DELAY, RECONNECT_MAX_DELAY, Emitted,
                   event_object, locate_socket, open_params, request_line,
                   resize_environment, tap_event, text_event)

__all__ = ["Client", "Scene", "connect"]


async def connect(socket: Optional[str] = None, *, timeout: float = 30.0,
                  reconnect: bool = True) -> "Client":
    """A connected :class:`Client` (see :class:`compd.Client` for the arguments)."""
    client = Client(socket, timeout=timeout, reconnect=reconnect)
    await client.connect()
    return client


class Client:
    """A connection to compd for asyncio; call :meth:`connect` (or use :func:`connect`)."""

    def __init__(self, socket: Optional[str] = None, *, timeout: float = 30.0,
                 reconnect: bool = True) -> None:
        self.path = locate_socket(socket)
        self.timeout = timeout
        self.reconnect = reconnect
        self._writer: Optional[asyncio.StreamWriter] = None
        self._pending: Dict[Any, Callable[[Any, Optional[Error]], None]] = {}
        self._next_id = 1
        self._scenes: Dict[str, Scene] = {}
        self._closed = False
        self._changed: Optional[asyncio.Condition] = None
        self._tasks: "set[asyncio.Task[None]]" = set()
        #: How many times the connection was made again after dropping.
        self.reconnects = 0

    async def _open(self) -> "tuple[asyncio.StreamReader, asyncio.StreamWriter]":
        try:
            return await asyncio.open_unix_connection(self.path, limit=MAX_LINE_BYTES)
        except OSError as error:
            raise ConnectionLost(f"cannot connect to {self.path}: {error.strerror or error}")

    async def connect(self) -> "Client":
        """Connects; :class:`compd.ConnectionLost` when nothing answers on the socket."""
        self._changed = asyncio.Condition()
        reader, writer = await self._open()
        self._writer = writer
        self._spawn(self._read(reader, writer))
        return self

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @property
    def connected(self) -> bool:
        """Whether a connection is up now."""
        return self._writer is not None

    async def close(self) -> None:
        """Closes the connection; no reconnecting after this."""
        self._closed = True
        writer, self._writer = self._writer, None
        self._fail_pending("the client was closed")
        if writer is not None:
            writer.close()
        for task in list(self._tasks):
            task.cancel()
        await self._notify()

    async def __aenter__(self) -> "Client":
        if self._changed is None:
            await self.connect()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    async def _notify(self) -> None:
        if self._changed is not None:
            async with self._changed:
                self._changed.notify_all()

    async def _read(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                line = await reader.readline()
                if not line.endswith(b"\n"):
                    break
                if line.strip():
                    await self._receive(json.loads(line))
        except (OSError, ValueError, asyncio.LimitOverrunError):
            pass
        await self._dropped(writer)

    async def _dropped(self, writer: asyncio.StreamWriter) -> None:
        if self._writer is not writer:
            return
        self._writer = None
        writer.close()
        self._fail_pending(f"connection to {self.path} lost")
        if self._closed or not self.reconnect:
            for scene in self._scenes.values():
                scene._lose(ConnectionLost(f"connection to {self.path} lost"))
            await self._notify()
            return
        await self._notify()
        delay = RECONNECT_FIRST_DELAY
        while True:
            await asyncio.sleep(delay)
            if self._closed:
                return
            try:
                reader, fresh = await self._open()
            except ConnectionLost:
                delay = min(delay * 2, RECONNECT_MAX_DELAY)
                continue
            break
        if self._closed:
            fresh.close()
            return
        self.reconnects += 1
        self._writer = fresh
        # Subscriptions are written before any call waiting for the connection resumes.
        for scene in list(self._scenes.values()):
            if scene._error is None and scene.closed is None:
                self._resubscribe(scene, fresh)
        self._spawn(self._read(reader, fresh))
        await self._notify()

    def _fail_pending(self, why: str) -> None:
        pending, self._pending = self._pending, {}
        for complete in pending.values():
            complete(None, ConnectionLost(why))

    async def _receive(self, message: Any) -> None:
        if not isinstance(message, dict):
            return
        if "method" in message and "id" not in message:
            self._notification(message["method"], message.get("params") or {})
            await self._notify()
            return
        complete = self._pending.pop(message.get("id"), None)
        if complete is None:
            return
        if "error" in message:
            complete(None, errors.from_reply(message["error"]))
        else:
            complete(message.get("result"), None)

    def _notification(self, method: str, params: Dict[str, Any]) -> None:
        scene = self._scenes.get(str(params.get("scene")))
        if scene is None:
            return
        if method == "scene.changed":
            if not scene._state.apply_changed(params):
                scene._state.resyncing = True
                if self._writer is not None:
                    self._resubscribe(scene, self._writer)
        elif method == "scene.emitted":
            scene._emitted.append(Emitted(str(params.get("name")), params.get("payload")))
        elif method == "scene.closed":
            scene.closed = str(params.get("reason"))
            self._scenes.pop(scene.id, None)

    def _resubscribe(self, scene: "Scene", writer: asyncio.StreamWriter) -> None:
        def subscribed(result: Any, error: Optional[Error]) -> None:
            if error is None:
                scene._state.subscribed(result)
            elif isinstance(error, errors.InvalidParams) and error.field == "since":
                # The scene is older than the tree (a daemon that brought it back at an
                # earlier revision): take it whole.
                self._send(writer, "scene.subscribe", {"scene": scene.id}, subscribed)
            elif not isinstance(error, ConnectionLost):
                scene._lose(error)
                self._scenes.pop(scene.id, None)

        self._send(writer, "scene.subscribe",
                   {"scene": scene.id, "since": scene._state.revision}, subscribed)

    def _send(self, writer: asyncio.StreamWriter, method: str,
              params: Optional[Dict[str, Any]],
              complete: Callable[[Any, Optional[Error]], None]) -> None:
        request_id = self._next_id
        self._next_id += 1
        self._pending[request_id] = complete
        writer.write(request_line(request_id, method, params))

    async def _request(self, method: str, params: Optional[Dict[str, Any]]) -> Any:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout
        assert self._changed is not None, "connect() first"
        async with self._changed:
            while self._writer is None:
                if self._closed or not self.reconnect:
                    raise ConnectionLost(f"not connected to {self.path}")
                left = deadline - loop.time()
                if left <= 0:
                    raise TimeoutError(f"compd at {self.path} did not come back in time")
                try:
                    await asyncio.wait_for(self._changed.wait(), left)
                except asyncio.TimeoutError:
                    pass
        writer = self._writer
        future: "asyncio.Future[Any]" = loop.create_future()

        def complete(result: Any, error: Optional[Error]) -> None:
            if future.done():
                return
            if error is not None:
                future.set_exception(error)
            else:
                future.set_result(result)

        self._send(writer, method, params, complete)
        try:
            await writer.drain()
        except OSError:
            pass
        try:
            return await asyncio.wait_for(future, max(0.0, deadline - loop.time()))
        except asyncio.TimeoutError:
            raise TimeoutError(f"{method}: no reply from compd at {self.path} in time")

    async def call(self, method: str, **params: Any) -> Any:
        """Calls ``method`` with ``params`` by name and returns its result."""
        return await self._request(method, params)

    async def open(self, component: str, params: Optional[Dict[str, Any]] = None,
                   environment: Optional[Dict[str, Any]] = None,
                   lifetime: str = "connection") -> "Scene":
        """Opens ``component`` as a scene and subscribes to it."""
        result = await self._request("scene.open",
                                     open_params(component, params, environment, lifetime))
        state = SceneState(result["scene"], int(result["revision"]), result["root"])
        scene = Scene(self, state, lifetime)
        self._scenes[scene.id] = scene
        await self._request("scene.subscribe", {"scene": scene.id, "since": state.revision})
        return scene

    async def attach(self, scene: str) -> "Scene":
        """Follows a scene that is already open (``scene.subscribe``)."""
        if scene in self._scenes:
            return self._scenes[scene]
        result = await self._request("scene.subscribe", {"scene": scene})
        live = Scene(self, SceneState(result["scene"], int(result["revision"]),
                                      result["root"]), None)
        self._scenes[live.id] = live
        return live

    @property
    def scenes(self) -> Dict[str, "Scene"]:
        """The scenes this client follows, by id."""
        return dict(self._scenes)


class Scene:
    """A scene with its live tree (see :class:`compd.Scene`); methods are coroutines,
    ``root``, ``find`` and ``node`` read the local tree."""

    def __init__(self, client: Client, state: SceneState, lifetime: Optional[str]) -> None:
        self.client = client
        self.id = state.scene
        self.lifetime = lifetime
        self._state = state
        self._emitted: Deque[Emitted] = deque()
        self._error: Optional[Error] = None
        self.closed: Optional[str] = None

    def _lose(self, error: Error) -> None:
        if self._error is None:
            self._error = error

    def _check(self) -> None:
        if self._error is not None:
            raise self._error

    @property
    def revision(self) -> int:
        """The revision the tree is at."""
        self._check()
        return self._state.revision

    @property
    def root(self) -> Node:
        """The root node (the window)."""
        self._check()
        return self._state.root

    def find(self, key: str) -> Optional[Node]:
        """The first node whose ``key`` is ``key``."""
        return self.root.find(key)

    def node(self, node_id: str) -> Optional[Node]:
        """The node with id ``node_id``."""
        self._check()
        return self._state.nodes.get(node_id)

    async def _call(self, method: str, params: Dict[str, Any]) -> Dict[str, Any]:
        self._check()
        try:
            result = await self.client._request(method, dict(params, scene=self.id))
            return cast(Dict[str, Any], result)
        except errors.NoSuchScene as error:
            self._lose(error)
            raise

    async def event(self, event: Dict[str, Any]) -> Dict[str, Any]:
        """Sends ``scene.event``; returns ``{scene, revision, handled}``."""
        return await self._call("scene.event", {"event": event_object(event)})

    async def tap(self, target: Any) -> Dict[str, Any]:
        """Taps ``target`` (a :class:`Node`, a node id or a key)."""
        return await self.event(tap_event(target))

    async def type(self, target: Any, text: str) -> Dict[str, Any]:
        """Replaces the text of the text field ``target`` with ``text``."""
        return await self.event(text_event(target, text))

    async def resize(self, width: Optional[float] = None, height: Optional[float] = None,
                     **environment: Any) -> Dict[str, Any]:
        """``scene.resize`` with the members given."""
        return await self._call("scene.resize",
                                {"environment": resize_environment(width, height, environment)})

    async def layout(self) -> Dict[str, Any]:
        """``scene.layout``: the daemon's whole tree now."""
        return await self._call("scene.layout", {})

    async def next_event(self, timeout: Optional[float] = None) -> Emitted:
        """The next component event; ``TimeoutError`` when none comes in time."""
        changed = self.client._changed
        assert changed is not None
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        async with changed:
            while not self._emitted:
                self._check()
                if self.closed is not None:
                    raise errors.NoSuchScene(f"scene {self.id} was closed ({self.closed})")
                left = None if deadline is None else deadline - loop.time()
                if left is not None and left <= 0:
                    raise TimeoutError(f"no event from scene {self.id}")
                try:
                    await asyncio.wait_for(changed.wait(), left)
                except asyncio.TimeoutError:
                    pass
            return self._emitted.popleft()

    async def events(self, timeout: Optional[float] = None) -> AsyncIterator[Emitted]:
        """The component events as they come; ends after ``timeout`` seconds without one
        or when the scene closes."""
        while True:
            try:
                yield await self.next_event(timeout)
            except TimeoutError:
                return
            except errors.NoSuchScene:
                if self.closed is not None:
                    return
                raise

    async def close(self) -> None:
        """``scene.close``."""
        await self._call("scene.close", {})
        self.closed = "closed"
        self.client._scenes.pop(self.id, None)
        await self.client._notify()

    def __repr__(self) -> str:
        return f"<Scene {self.id} revision {self._state.revision}>"
