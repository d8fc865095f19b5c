"""The asyncio client: the same API as :mod:`compd`'s blocking one, with coroutines.

::

    async with await compd.aio.connect() as client:
        scene = await client.open("demo.Login")
        await scene.type("username", "ann")

A reader task per connection applies ``scene.changed`` before it completes the reply of
the event that caused it, replaces a tree on ``scene.reset``, and reconnects with backoff
when the connection drops, subscribing each live scene again with ``since``.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, AsyncIterator, Deque, Dict, Optional, Sequence, TypeVar, cast

from . import errors
from .errors import ConnectionLost, Error
from .images import ImageBytes, image_hash
from .scene import LiveScene
from .session import Session
from .tree import SceneState
from .wire import (MAX_LINE_BYTES, RECONNECT_FIRST_DELAY, RECONNECT_MAX_DELAY, Emitted,
                   Reset, event_object, open_params, resize_environment, scroll_event,
                   swipe_event, tap_event, text_event, unreachable, value_event,
                   clear_event, key_event, touch_event)

__all__ = ["Client", "Scene", "connect"]

_Item = TypeVar("_Item")


async def connect(socket: Optional[str] = None, *, timeout: float = 30.0,
                  reconnect: bool = True) -> "Client":
    """A connected :class:`Client` (see :class:`compd.Client` for the arguments)."""
    client = Client(socket, timeout=timeout, reconnect=reconnect)
    await client.connect()
    return client


class Client(Session[asyncio.StreamWriter, "Scene"]):
    """A connection to compd for asyncio; call :meth:`connect` (or use :func:`connect`)."""

    def __init__(self, socket: Optional[str] = None, *, timeout: float = 30.0,
                 reconnect: bool = True) -> None:
        super().__init__(socket, timeout, reconnect)
        self._writer: Optional[asyncio.StreamWriter] = None
        self._changed: Optional[asyncio.Condition] = None
        self._tasks: "set[asyncio.Task[None]]" = set()

    async def _open(self) -> "tuple[asyncio.StreamReader, asyncio.StreamWriter]":
        try:
            return await asyncio.open_unix_connection(self.path, limit=MAX_LINE_BYTES)
        except OSError as error:
            raise ConnectionLost(unreachable(self.path, self.given_socket, error))

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
                    self._dispatch(json.loads(line), writer)
                    # A notification, or a reply that lost a scene, may end a wait.
                    await self._notify()
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
            self._lose_all(f"connection to {self.path} lost")
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
        self._resubscribe_all(fresh)
        self._spawn(self._read(reader, fresh))
        await self._notify()

    def _write(self, writer: asyncio.StreamWriter, line: bytes) -> None:
        writer.write(line)

    async def _request(self, method: str, params: Optional[Dict[str, Any]]) -> Any:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout
        assert self._changed is not None, "connect() first"
        async with self._changed:
            while self._writer is None:
                left = deadline - loop.time()
                self._may_wait_for_connection(left)
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

    async def image(self, image: Any) -> "ImageBytes":
        """The bytes of an image (a hash, an :class:`ImageRef` or an ``image`` prop)."""
        return ImageBytes.from_result(
            await self._request("image.get", {"hash": image_hash(image)}))

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


class Scene(LiveScene):
    """A scene with its live tree (see :class:`compd.Scene`); methods are coroutines,
    ``root``, ``find``, ``node``, ``resets`` and ``last_reset`` read the local state."""

    def __init__(self, client: Client, state: SceneState, lifetime: Optional[str]) -> None:
        super().__init__(state, lifetime)
        self.client = client

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

    async def tap(self, target: Any, x: Optional[float] = None,
            y: Optional[float] = None) -> Dict[str, Any]:
        """Taps ``target`` (a :class:`Node`, a node id or a key), at ``x``, ``y`` in its own
        coordinates when given (a stepper's half, a segment), else at its centre."""
        return await self.event(tap_event(target, x, y))

    async def set_value(self, target: Any, value: float,
                  component: Optional[int] = None) -> Dict[str, Any]:
        """Sets the value of the control ``target`` as the user would (a slider's drag, a
        stepper's value, a segment's or page's index); the control pins or rounds it and
        sends ``valueChanged`` when it changed. A non-number raises ``ValueError``."""
        return await self.event(value_event(target, value, component))

    async def scroll(self, target: Any, x: float, y: float) -> Dict[str, Any]:
        """Scrolls the scroll view or table ``target`` to the content offset ``x``, ``y``
        (compd clamps it); a table's rows that come into view arrive in the tree."""
        return await self.event(scroll_event(target, x, y))

    async def swipe(self, target: Any, direction: str) -> Dict[str, Any]:
        """Swipes ``target`` (a table row, or a view in one) ``left`` (its trailing swipe
        actions show, as buttons keyed ``swipeAction0``, …), ``right`` (its leading ones),
        ``up`` or ``down``; a bad direction raises ``ValueError`` before anything is sent."""
        return await self.event(swipe_event(target, direction))

    async def key(self, key: str, modifiers: Sequence[str] = (),
                  phase: Optional[str] = None) -> Dict[str, Any]:
        """Presses a hardware key (see :meth:`compd.Scene.key`)."""
        return await self.event(key_event(key, modifiers, phase))

    async def touch(self, phase: str, x: float, y: float, id: int = 0,
              t: Optional[float] = None) -> Dict[str, Any]:
        """Sends one phase (began, moved, ended, cancelled) of finger ``id`` at (``x``,
        ``y``) in root coordinates, ``t`` in milliseconds of the client's clock: the screen's
        gesture recognizers see drags, held presses and pinches. Changes a timer makes later
        (a long press) arrive as ``scene.changed`` of their own."""
        return await self.event(touch_event(phase, x, y, id, t))

    async def drag(self, target: Any, dx: float, dy: float, steps: int = 5,
             interval: float = 16) -> Dict[str, Any]:
        """Drags the middle of ``target`` by (``dx``, ``dy``) in ``steps`` moves
        ``interval`` milliseconds apart, as one finger would; returns the last reply."""
        events = self._stroke(
            target, dx, dy, [step * interval for step in range(1, steps + 1)],
            (steps + 1) * interval)
        for event in events[:-1]:
            await self.event(event)
        return await self.event(events[-1])

    async def fling(self, target: Any, dx: float, dy: float,
              duration: float = 48) -> Dict[str, Any]:
        """Flicks the middle of ``target`` by (``dx``, ``dy``) in ``duration`` milliseconds
        and lifts the finger while it still moves, as a fling does: a scroll view, table or
        collection under it decelerates on (docs/protocol.md, "Motion", ``decelerate``); the
        op that moves its offset carries the deceleration. Returns the last reply."""
        events = self._stroke(
            target, dx, dy, [duration * step / 3 for step in range(1, 4)], duration)
        for event in events[:-1]:
            await self.event(event)
        return await self.event(events[-1])

    async def type(self, target: Any, text: str) -> Dict[str, Any]:
        """Replaces the text of the text field or text view ``target`` with ``text``."""
        return await self.event(text_event(target, text))

    async def clear(self, target: Any) -> Dict[str, Any]:
        """Presses the clear button of the text field ``target`` (it must show one:
        ``props.clearButton``); its delegate's ``textFieldShouldClear`` decides."""
        return await self.event(clear_event(target))

    async def resize(self, width: Optional[float] = None, height: Optional[float] = None,
                     **environment: Any) -> Dict[str, Any]:
        """``scene.resize`` with the members given."""
        return await self._call("scene.resize",
                                {"environment": resize_environment(width, height, environment)})

    async def layout(self) -> Dict[str, Any]:
        """``scene.layout``: the daemon's whole tree now."""
        return await self._call("scene.layout", {})

    async def _wait(self, queue: "Deque[_Item]", timeout: Optional[float], what: str) -> _Item:
        changed = self.client._changed
        assert changed is not None
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        async with changed:
            while True:
                left = None if deadline is None else deadline - loop.time()
                item = self._next(queue, left, what)
                if item is not None:
                    return item
                try:
                    await asyncio.wait_for(changed.wait(), left)
                except asyncio.TimeoutError:
                    pass

    async def next_event(self, timeout: Optional[float] = None) -> Emitted:
        """The next component event; ``TimeoutError`` when none comes in time,
        :class:`compd.NoSuchScene` once the scene is gone."""
        return await self._wait(self._emitted, timeout, "event")

    async def events(self, timeout: Optional[float] = None) -> AsyncIterator[Emitted]:
        """The component events as they come; ends after ``timeout`` seconds without one
        or when the scene is closed or abandoned (a failed component raises)."""
        while True:
            try:
                yield await self.next_event(timeout)
            except TimeoutError:
                return
            except errors.NoSuchScene:
                if self._ends_events():
                    return
                raise

    async def next_reset(self, timeout: Optional[float] = None) -> Reset:
        """The next ``scene.reset`` not yet taken; ``TimeoutError`` when none comes in
        time."""
        return await self._wait(self._reset_queue, timeout, "reset")

    async def close(self) -> None:
        """``scene.close``."""
        await self._call("scene.close", {})
        self.closed = "closed"
        self.client._scenes.pop(self.id, None)
        await self.client._notify()
