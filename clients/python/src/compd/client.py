"""The blocking client: :class:`Client` and its live :class:`Scene` objects.

A reader thread per connection takes every line compd sends: replies complete the
requests waiting for them, ``scene.changed`` updates the scene's tree before the reply of
the event that caused it is handed out (compd sends them in that order), ``scene.emitted``
queues a component event. When the connection drops, the reader reconnects with backoff
and subscribes each live scene again with ``since``, so the trees catch up.
"""

from __future__ import annotations

import json
import socket as socketlib
import threading
import time
from collections import deque
from typing import Any, Callable, Deque, Dict, Iterator, Optional, cast

from . import errors
from .errors import ConnectionLost, Error
from .tree import Node, SceneState
from .wire import (MAX_LINE_BYTES, RECONNECT_FIRST_DELAY, RECONNECT_MAX_DELAY, Emitted,
                   event_object, locate_socket, open_params, request_line,
                   resize_environment, tap_event, text_event)

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


class Client:
    """A connection to compd.

    ``socket`` is the socket path (default: ``$COMPD_SOCKET``, ``$XDG_RUNTIME_DIR/compd.sock``,
    ``/run/compd.sock``); ``timeout`` bounds each call, including waiting for a dropped
    connection to come back; ``reconnect=False`` makes a dropped connection final.
    Connecting fails with :class:`compd.ConnectionLost`.
    """

    def __init__(self, socket: Optional[str] = None, *, timeout: float = 30.0,
                 reconnect: bool = True) -> None:
        self.path = locate_socket(socket)
        self.timeout = timeout
        self.reconnect = reconnect
        self._lock = threading.RLock()
        self._changed = threading.Condition(self._lock)
        self._send_lock = threading.Lock()
        self._pending: Dict[Any, Callable[[Any, Optional[Error]], None]] = {}
        self._next_id = 1
        self._scenes: Dict[str, Scene] = {}
        self._closed = False
        self._sock: Optional[socketlib.socket] = None
        #: How many times the connection was made again after dropping.
        self.reconnects = 0
        self._attach(self._connect())

    # Connection

    def _connect(self) -> socketlib.socket:
        sock = socketlib.socket(socketlib.AF_UNIX, socketlib.SOCK_STREAM)
        try:
            sock.connect(self.path)
        except OSError as error:
            sock.close()
            raise ConnectionLost(f"cannot connect to {self.path}: {error.strerror or error}")
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
                        self._receive(json.loads(line))
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
                for scene in self._scenes.values():
                    scene._lose(ConnectionLost(f"connection to {self.path} lost"))
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
            for scene in list(self._scenes.values()):
                if scene._error is None and scene.closed is None:
                    self._resubscribe(scene, fresh)
            self._changed.notify_all()
        threading.Thread(target=self._read, args=(fresh,), daemon=True,
                         name=f"compd reader {self.path}").start()

    def _fail_pending(self, why: str) -> None:
        pending, self._pending = self._pending, {}
        for complete in pending.values():
            complete(None, ConnectionLost(why))

    # Messages

    def _receive(self, message: Any) -> None:
        if not isinstance(message, dict):
            return
        if "method" in message and "id" not in message:
            self._notification(message["method"], message.get("params") or {})
            return
        with self._lock:
            complete = self._pending.pop(message.get("id"), None)
        if complete is None:
            return
        if "error" in message:
            complete(None, errors.from_reply(message["error"]))
        else:
            complete(message.get("result"), None)

    def _notification(self, method: str, params: Dict[str, Any]) -> None:
        with self._lock:
            scene = self._scenes.get(str(params.get("scene")))
            if scene is None:
                return
            if method == "scene.changed":
                if not scene._state.apply_changed(params):
                    scene._state.resyncing = True
                    if self._sock is not None:
                        self._resubscribe(scene, self._sock)
            elif method == "scene.emitted":
                scene._emitted.append(Emitted(str(params.get("name")), params.get("payload")))
            elif method == "scene.closed":
                scene.closed = str(params.get("reason"))
                self._scenes.pop(scene.id, None)
            self._changed.notify_all()

    def _resubscribe(self, scene: "Scene", sock: socketlib.socket) -> None:
        """Sends ``scene.subscribe`` with ``since``; the reply brings the tree back."""

        def subscribed(result: Any, error: Optional[Error]) -> None:
            with self._lock:
                if error is None:
                    scene._state.subscribed(result)
                elif isinstance(error, errors.InvalidParams) and error.field == "since":
                    # The scene is older than the tree (a daemon that brought it back at
                    # an earlier revision): take it whole.
                    self._send(sock, "scene.subscribe", {"scene": scene.id}, subscribed)
                elif not isinstance(error, ConnectionLost):
                    scene._lose(error)
                    self._scenes.pop(scene.id, None)
                self._changed.notify_all()

        self._send(sock, "scene.subscribe",
                   {"scene": scene.id, "since": scene._state.revision}, subscribed)

    def _send(self, sock: socketlib.socket, method: str, params: Optional[Dict[str, Any]],
              complete: Callable[[Any, Optional[Error]], None]) -> None:
        with self._lock:
            request_id = self._next_id
            self._next_id += 1
            self._pending[request_id] = complete
        line = request_line(request_id, method, params)
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
                if self._closed or not self.reconnect:
                    raise ConnectionLost(f"not connected to {self.path}")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"compd at {self.path} did not come back in time")
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

    def open(self, component: str, params: Optional[Dict[str, Any]] = None,
             environment: Optional[Dict[str, Any]] = None,
             lifetime: str = "connection") -> "Scene":
        """Opens ``component`` as a scene (``scene.open``) and subscribes to it, so the
        returned :class:`Scene`'s tree follows every change."""
        result = self._request("scene.open",
                               open_params(component, params, environment, lifetime))
        return self._follow(result, lifetime)

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

    def _follow(self, result: Dict[str, Any], lifetime: Optional[str]) -> "Scene":
        state = SceneState(result["scene"], int(result["revision"]), result["root"])
        scene = Scene(self, state, lifetime)
        with self._lock:
            self._scenes[scene.id] = scene
        # Changes after the open's revision (none, unless another client already acts on
        # the scene) follow this reply.
        self._request("scene.subscribe", {"scene": scene.id, "since": state.revision})
        return scene

    @property
    def scenes(self) -> Dict[str, "Scene"]:
        """The scenes this client follows, by id."""
        with self._lock:
            return dict(self._scenes)


class Scene:
    """A scene compd keeps open, with its live tree.

    ``root`` is the tree as of ``revision``; every ``scene.changed`` compd sends is applied
    as it arrives, and an event's changes are in the tree when its method returns.
    """

    def __init__(self, client: Client, state: SceneState, lifetime: Optional[str]) -> None:
        self.client = client
        self.id = state.scene
        #: ``connection`` or ``daemon`` (``None`` for a scene joined with ``attach``).
        self.lifetime = lifetime
        self._state = state
        self._emitted: Deque[Emitted] = deque()
        self._error: Optional[Error] = None
        #: Why compd closed the scene (``closed``, ``abandoned``), or ``None`` while open.
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
        with self.client._lock:
            self._check()
            return self._state.revision

    @property
    def root(self) -> Node:
        """The root node (the window)."""
        with self.client._lock:
            self._check()
            return self._state.root

    def find(self, key: str) -> Optional[Node]:
        """The first node whose ``key`` (accessibility identifier) is ``key``."""
        return self.root.find(key)

    def node(self, node_id: str) -> Optional[Node]:
        """The node with id ``node_id``."""
        with self.client._lock:
            self._check()
            return self._state.nodes.get(node_id)

    def _call(self, method: str, params: Dict[str, Any]) -> Dict[str, Any]:
        self._check()
        try:
            return cast(Dict[str, Any], self.client._request(method, dict(params, scene=self.id)))
        except errors.NoSuchScene as error:
            with self.client._lock:
                self._lose(error)
            raise

    def event(self, event: Dict[str, Any]) -> Dict[str, Any]:
        """Sends ``scene.event``; returns ``{scene, revision, handled}``."""
        return self._call("scene.event", {"event": event_object(event)})

    def tap(self, target: Any) -> Dict[str, Any]:
        """Taps ``target`` (a :class:`Node`, a node id or a key)."""
        return self.event(tap_event(target))

    def type(self, target: Any, text: str) -> Dict[str, Any]:
        """Replaces the text of the text field ``target`` with ``text``."""
        return self.event(text_event(target, text))

    def resize(self, width: Optional[float] = None, height: Optional[float] = None,
               **environment: Any) -> Dict[str, Any]:
        """``scene.resize``: a new ``width``/``height`` and any other environment members
        (``scale``, ``safeArea``, ``style``, ``locale``); what is left out stays."""
        return self._call("scene.resize",
                          {"environment": resize_environment(width, height, environment)})

    def layout(self) -> Dict[str, Any]:
        """``scene.layout``: the daemon's whole tree now, ``{scene, revision, root}``."""
        return self._call("scene.layout", {})

    def next_event(self, timeout: Optional[float] = None) -> Emitted:
        """The next component event; ``TimeoutError`` when none comes in ``timeout``
        seconds, :class:`compd.NoSuchScene` once the scene is gone."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self.client._lock:
            while not self._emitted:
                self._check()
                if self.closed is not None:
                    raise errors.NoSuchScene(f"scene {self.id} was closed ({self.closed})")
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    raise TimeoutError(f"no event from scene {self.id}")
                self.client._changed.wait(left)
            return self._emitted.popleft()

    def events(self, timeout: Optional[float] = None) -> Iterator[Emitted]:
        """The component events as they come; ends when none has come for ``timeout``
        seconds (never, with ``None``) or when the scene closes."""
        while True:
            try:
                yield self.next_event(timeout)
            except TimeoutError:
                return
            except errors.NoSuchScene:
                if self.closed is not None:
                    return
                raise

    def close(self) -> None:
        """``scene.close``: compd releases the scene."""
        self._call("scene.close", {})
        with self.client._lock:
            self.closed = "closed"
            self.client._scenes.pop(self.id, None)
            self.client._changed.notify_all()

    def __repr__(self) -> str:
        return f"<Scene {self.id} revision {self._state.revision}>"


def _shut(sock: socketlib.socket) -> None:
    try:
        sock.shutdown(socketlib.SHUT_RDWR)
    except OSError:
        pass
    sock.close()
