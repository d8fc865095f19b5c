"""The blocking client: :class:`Client` and its live :class:`Scene` objects.

A reader thread per connection takes every line compd sends: replies complete the
requests waiting for them, ``scene.changed`` updates the scene's tree before the reply of
the event that caused it is handed out (compd sends them in that order), ``scene.emitted``
queues a component event, ``scene.reset`` replaces a scene's whole tree. When the
connection drops, the reader reconnects with backoff and subscribes each live scene again
with ``since``, so the trees catch up.
"""

from __future__ import annotations

import json
import socket as socketlib
import threading
import time
from typing import Any, ContextManager, Deque, Dict, Iterator, Optional, Sequence, TypeVar, cast

from . import errors
from .errors import ConnectionLost, Error
from .images import ImageBytes, image_hash
from .scene import LiveScene
from .session import Session
from .tree import SceneState
from .wire import (MAX_LINE_BYTES, RECONNECT_FIRST_DELAY, RECONNECT_MAX_DELAY, Emitted,
                   Reset, event_object, open_params, resize_environment,
                   scroll_event, swipe_event, tap_event, text_event, unreachable, value_event,
                   clear_event, key_event, touch_event)

_Item = TypeVar("_Item")


class _Pending:
    """A request waiting for its reply."""

    __slots__ = ("done", "result", "error")

    def __init__(self) -> None:
        self.done = threading.Event()
        self.result: Any = None
        self.error: Optional[Error] = None

    def complete(self, result: Any, error: Optional[Error]) -> None:
        self.result = result
        self.error = error
        self.done.set()


class Client(Session[socketlib.socket, "Scene"]):
    """A connection to compd.

    ``socket`` is the socket path (default: ``$COMPD_SOCKET``, ``$XDG_RUNTIME_DIR/compd.sock``,
    ``/run/compd.sock``); ``timeout`` bounds each call, including waiting for a dropped
    connection to come back; ``reconnect=False`` makes a dropped connection final.
    Connecting fails with :class:`compd.ConnectionLost`.
    """

    def __init__(self, socket: Optional[str] = None, *, timeout: float = 30.0,
                 reconnect: bool = True) -> None:
        super().__init__(socket, timeout, reconnect)
        self._lock = threading.RLock()
        self._changed = threading.Condition(self._lock)
        self._send_lock = threading.Lock()
        self._sock: Optional[socketlib.socket] = None
        self._attach(self._connect())

    def _locked(self) -> ContextManager[Any]:
        return self._lock

    def _wake(self) -> None:
        self._changed.notify_all()

    # Connection

    def _connect(self) -> socketlib.socket:
        sock = socketlib.socket(socketlib.AF_UNIX, socketlib.SOCK_STREAM)
        try:
            sock.connect(self.path)
        except OSError as error:
            sock.close()
            raise ConnectionLost(unreachable(self.path, self.given_socket, error))
        return sock

    def _attach(self, sock: socketlib.socket) -> None:
        with self._lock:
            self._sock = sock
        threading.Thread(target=self._read, args=(sock,), daemon=True,
                         name=f"compd reader {self.path}").start()

    @property
    def connected(self) -> bool:
        """Whether a connection is up now."""
        with self._lock:
            return self._sock is not None

    def close(self) -> None:
        """Closes the connection; no reconnecting after this. Scenes of ``connection``
        lifetime close after the daemon's grace period."""
        with self._lock:
            self._closed = True
            sock, self._sock = self._sock, None
            self._fail_pending("the client was closed")
            self._changed.notify_all()
        if sock is not None:
            _shut(sock)

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _read(self, sock: socketlib.socket) -> None:
        buffer = b""
        try:
            while True:
                chunk = sock.recv(1 << 16)
                if not chunk:
                    break
                buffer += chunk
                while b"\n" in buffer:
                    line, buffer = buffer.split(b"\n", 1)
                    if line.strip():
                        self._dispatch(json.loads(line), sock)
                if len(buffer) > MAX_LINE_BYTES:
                    break
        except (OSError, ValueError):
            pass
        self._dropped(sock)

    def _dropped(self, sock: socketlib.socket) -> None:
        with self._lock:
            if self._sock is not sock:
                return
            self._sock = None
            self._fail_pending(f"connection to {self.path} lost")
            self._changed.notify_all()
            final = self._closed or not self.reconnect
            if final:
                self._lose_all(f"connection to {self.path} lost")
        _shut(sock)
        if final:
            return
        delay = RECONNECT_FIRST_DELAY
        while True:
            time.sleep(delay)
            with self._lock:
                if self._closed:
                    return
            try:
                fresh = self._connect()
            except ConnectionLost:
                delay = min(delay * 2, RECONNECT_MAX_DELAY)
                continue
            break
        with self._lock:
            if self._closed:
                _shut(fresh)
                return
            self.reconnects += 1
            # Subscriptions go out before any call waiting for the connection (those take
            # the socket under this lock).
            self._sock = fresh
            self._resubscribe_all(fresh)
            self._changed.notify_all()
        threading.Thread(target=self._read, args=(fresh,), daemon=True,
                         name=f"compd reader {self.path}").start()

    def _write(self, sock: socketlib.socket, line: bytes) -> None:
        try:
            with self._send_lock:
                sock.sendall(line)
        except OSError:
            # The reader sees the drop too and fails what is pending.
            _shut(sock)

    def _request(self, method: str, params: Optional[Dict[str, Any]],
                 timeout: Optional[float] = None) -> Any:
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        with self._lock:
            while self._sock is None:
                left = deadline - time.monotonic()
                self._may_wait_for_connection(left)
                self._changed.wait(left)
            sock = self._sock
        pending = _Pending()
        self._send(sock, method, params, pending.complete)
        if not pending.done.wait(max(0.0, deadline - time.monotonic())):
            raise TimeoutError(f"{method}: no reply from compd at {self.path} in time")
        if pending.error is not None:
            raise pending.error
        return pending.result

    # API

    def call(self, method: str, **params: Any) -> Any:
        """Calls ``method`` with ``params`` by name and returns its result; compd's errors
        raise the :class:`compd.Error` subclass named after them."""
        return self._request(method, params)

    def image(self, image: Any) -> "ImageBytes":
        """The bytes of an image: ``image`` is a hash, an :class:`ImageRef` or a node's
        ``image`` prop (``image.get``; :class:`compd.NoSuchImage` when no host has it)."""
        return ImageBytes.from_result(self._request("image.get", {"hash": image_hash(image)}))

    def open(self, component: str, params: Optional[Dict[str, Any]] = None,
             environment: Optional[Dict[str, Any]] = None,
             lifetime: str = "connection") -> "Scene":
        """Opens ``component`` as a scene (``scene.open``) and subscribes to it, so the
        returned :class:`Scene`'s tree follows every change."""
        result = self._request("scene.open",
                               open_params(component, params, environment, lifetime))
        state = SceneState(result["scene"], int(result["revision"]), result["root"])
        scene = Scene(self, state, lifetime)
        with self._lock:
            self._scenes[scene.id] = scene
        # Changes after the open's revision (none, unless another client already acts on
        # the scene) follow this reply.
        self._request("scene.subscribe", {"scene": scene.id, "since": state.revision})
        return scene

    def attach(self, scene: str) -> "Scene":
        """Follows a scene that is already open (``scene.subscribe``), e.g. one another
        client opened."""
        with self._lock:
            if scene in self._scenes:
                return self._scenes[scene]
        result = self._request("scene.subscribe", {"scene": scene})
        state = SceneState(result["scene"], int(result["revision"]), result["root"])
        with self._lock:
            live = Scene(self, state, None)
            self._scenes[live.id] = live
        return live


class Scene(LiveScene):
    """A scene compd keeps open, with its live tree.

    ``root`` is the tree as of ``revision``; every ``scene.changed`` compd sends is applied
    as it arrives, and an event's changes are in the tree when its method returns. When
    compd replaces the whole tree (``scene.reset``: the scene's host crashed, hung or was
    replaced for new plugin code), ``root`` becomes the new tree, ``resets`` counts up and
    ``last_reset`` and :meth:`next_reset` say why.
    """

    def __init__(self, client: Client, state: SceneState, lifetime: Optional[str]) -> None:
        super().__init__(state, lifetime)
        self.client = client

    def _guard(self) -> ContextManager[Any]:
        return self.client._lock

    def _call(self, method: str, params: Dict[str, Any]) -> Dict[str, Any]:
        with self._guard():
            self._check()
        try:
            return cast(Dict[str, Any], self.client._request(method, dict(params, scene=self.id)))
        except errors.NoSuchScene as error:
            with self._guard():
                self._lose(error)
            raise

    def event(self, event: Dict[str, Any]) -> Dict[str, Any]:
        """Sends ``scene.event``; returns ``{scene, revision, handled}``."""
        return self._call("scene.event", {"event": event_object(event)})

    def tap(self, target: Any, x: Optional[float] = None,
            y: Optional[float] = None) -> Dict[str, Any]:
        """Taps ``target`` (a :class:`Node`, a node id or a key), at ``x``, ``y`` in its own
        coordinates when given (a stepper's half, a segment), else at its centre."""
        return self.event(tap_event(target, x, y))

    def set_value(self, target: Any, value: float,
                  component: Optional[int] = None) -> Dict[str, Any]:
        """Sets the value of the control ``target`` as the user would (a slider's drag, a
        stepper's value, a segment's or page's index); the control pins or rounds it and
        sends ``valueChanged`` when it changed. A non-number raises ``ValueError``."""
        return self.event(value_event(target, value, component))

    def scroll(self, target: Any, x: float, y: float) -> Dict[str, Any]:
        """Scrolls the scroll view or table ``target`` to the content offset ``x``, ``y``
        (compd clamps it); a table's rows that come into view arrive in the tree."""
        return self.event(scroll_event(target, x, y))

    def swipe(self, target: Any, direction: str) -> Dict[str, Any]:
        """Swipes ``target`` (a table row, or a view in one) ``left`` (its trailing swipe
        actions show, as buttons keyed ``swipeAction0``, …), ``right`` (its leading ones),
        ``up`` or ``down``; a bad direction raises ``ValueError`` before anything is sent."""
        return self.event(swipe_event(target, direction))

    def key(self, key: str, modifiers: Sequence[str] = (),
            phase: Optional[str] = None) -> Dict[str, Any]:
        """Presses a hardware key: ``key`` is a W3C ``KeyboardEvent.key`` value (``Tab``,
        ``Enter``, ``ArrowDown``, ``Escape``, ``a``), ``modifiers`` among shift, control,
        alternate, command, ``phase`` down or up (none: a whole press). Tab and the arrows
        move compd's focus (:attr:`focused`), Enter and space activate the focused control,
        other keys go to the screen's key commands; ``handled`` says whether anything took
        it."""
        return self.event(key_event(key, modifiers, phase))

    def touch(self, phase: str, x: float, y: float, id: int = 0,
              t: Optional[float] = None) -> Dict[str, Any]:
        """Sends one phase (began, moved, ended, cancelled) of finger ``id`` at (``x``,
        ``y``) in root coordinates, ``t`` in milliseconds of the client's clock: the screen's
        gesture recognizers see drags, held presses and pinches. Changes a timer makes later
        (a long press) arrive as ``scene.changed`` of their own."""
        return self.event(touch_event(phase, x, y, id, t))

    def drag(self, target: Any, dx: float, dy: float, steps: int = 5,
             interval: float = 16) -> Dict[str, Any]:
        """Drags the middle of ``target`` by (``dx``, ``dy``) in ``steps`` moves
        ``interval`` milliseconds apart, as one finger would; returns the last reply."""
        events = self._stroke(
            target, dx, dy, [step * interval for step in range(1, steps + 1)],
            (steps + 1) * interval)
        for event in events[:-1]:
            self.event(event)
        return self.event(events[-1])

    def fling(self, target: Any, dx: float, dy: float,
              duration: float = 48) -> Dict[str, Any]:
        """Flicks the middle of ``target`` by (``dx``, ``dy``) in ``duration`` milliseconds
        and lifts the finger while it still moves, as a fling does: a scroll view, table or
        collection under it decelerates on (docs/protocol.md, "Motion", ``decelerate``); the
        op that moves its offset carries the deceleration. Returns the last reply."""
        events = self._stroke(
            target, dx, dy, [duration * step / 3 for step in range(1, 4)], duration)
        for event in events[:-1]:
            self.event(event)
        return self.event(events[-1])

    def type(self, target: Any, text: str) -> Dict[str, Any]:
        """Replaces the text of the text field or text view ``target`` with ``text``."""
        return self.event(text_event(target, text))

    def clear(self, target: Any) -> Dict[str, Any]:
        """Presses the clear button of the text field ``target`` (it must show one:
        ``props.clearButton``); its delegate's ``textFieldShouldClear`` decides."""
        return self.event(clear_event(target))

    def resize(self, width: Optional[float] = None, height: Optional[float] = None,
               **environment: Any) -> Dict[str, Any]:
        """``scene.resize``: a new ``width``/``height`` and any other environment members
        (``scale``, ``safeArea``, ``style``, ``locale``); what is left out stays."""
        return self._call("scene.resize",
                          {"environment": resize_environment(width, height, environment)})

    def layout(self) -> Dict[str, Any]:
        """``scene.layout``: the daemon's whole tree now, ``{scene, revision, root}``."""
        return self._call("scene.layout", {})

    def _wait(self, queue: "Deque[_Item]", timeout: Optional[float], what: str) -> _Item:
        deadline = None if timeout is None else time.monotonic() + timeout
        with self.client._lock:
            while True:
                left = None if deadline is None else deadline - time.monotonic()
                item = self._next(queue, left, what)
                if item is not None:
                    return item
                self.client._changed.wait(left)

    def next_event(self, timeout: Optional[float] = None) -> Emitted:
        """The next component event; ``TimeoutError`` when none comes in ``timeout``
        seconds, :class:`compd.NoSuchScene` (with compd's ``reason`` and ``detail``) once
        the scene is gone."""
        return self._wait(self._emitted, timeout, "event")

    def events(self, timeout: Optional[float] = None) -> Iterator[Emitted]:
        """The component events as they come; ends when none has come for ``timeout``
        seconds (never, with ``None``) or when the scene is closed or abandoned. A scene
        closed because its component failed raises :class:`compd.NoSuchScene` with reason
        ``component-failed``."""
        while True:
            try:
                yield self.next_event(timeout)
            except TimeoutError:
                return
            except errors.NoSuchScene:
                if self._ends_events():
                    return
                raise

    def next_reset(self, timeout: Optional[float] = None) -> Reset:
        """The next ``scene.reset`` not yet taken (its tree is already the scene's);
        ``TimeoutError`` when none comes in ``timeout`` seconds, :class:`compd.NoSuchScene`
        once the scene is gone."""
        return self._wait(self._reset_queue, timeout, "reset")

    def close(self) -> None:
        """``scene.close``: compd releases the scene."""
        self._call("scene.close", {})
        with self.client._lock:
            self.closed = "closed"
            self.client._scenes.pop(self.id, None)
            self.client._changed.notify_all()


def _shut(sock: socketlib.socket) -> None:
    try:
        sock.shutdown(socketlib.SHUT_RDWR)
    except OSError:
        pass
    sock.close()
