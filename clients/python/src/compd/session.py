"""What the blocking and asyncio clients share about one connection's traffic: numbering
requests and matching replies to them, routing notifications to the scenes they follow,
and subscribing a scene again (with ``since``) after a gap or a new connection.

Each client supplies how a line is written (:meth:`Session._write`) and what to hold while
the shared state changes (:meth:`Session._locked`); this module does no I/O itself.
"""

from __future__ import annotations

from contextlib import nullcontext
from typing import Any, Callable, ContextManager, Dict, Generic, Optional, TypeVar

from . import errors
from .errors import ConnectionLost, Error
from .scene import LiveScene
from .wire import locate_socket, request_line

#: How a request's caller learns its answer: ``(result, None)`` or ``(None, error)``.
Completion = Callable[[Any, Optional[Error]], None]

_Connection = TypeVar("_Connection")
_Scene = TypeVar("_Scene", bound=LiveScene)


class Session(Generic[_Connection, _Scene]):
    """Requests in flight and followed scenes of one client, across its connections:
    ``socket``, ``timeout`` and ``reconnect`` as :class:`compd.Client` takes them."""

    def __init__(self, socket: Optional[str], timeout: float, reconnect: bool) -> None:
        self.path = locate_socket(socket)
        #: The socket as given, for what ConnectionLost says when nothing answers.
        self.given_socket = socket
        self.timeout = timeout
        self.reconnect = reconnect
        #: How many times the connection was made again after dropping.
        self.reconnects = 0
        self._closed = False
        self._pending: Dict[Any, Completion] = {}
        self._next_id = 1
        self._scenes: Dict[str, _Scene] = {}

    def _locked(self) -> ContextManager[Any]:
        """What to hold while the session's state changes: nothing here; the blocking
        client's lock there."""
        return nullcontext()

    def _wake(self) -> None:
        """Tells whoever waits for a change that one happened (called holding
        :meth:`_locked`)."""

    def _write(self, connection: _Connection, line: bytes) -> None:
        """Writes one request line; a failure is noticed by the connection's reader."""
        raise NotImplementedError

    def _send(self, connection: _Connection, method: str, params: Optional[Dict[str, Any]],
              complete: Completion) -> None:
        """Sends a request; ``complete`` gets its answer, or :class:`ConnectionLost` when
        the connection drops first."""
        with self._locked():
            request_id = self._next_id
            self._next_id += 1
            self._pending[request_id] = complete
        self._write(connection, request_line(request_id, method, params))

    def _may_wait_for_connection(self, left: float) -> None:
        """Raises when a call, with ``left`` seconds to go, cannot wait for the connection
        to come back: :class:`ConnectionLost` once the client was closed or without
        ``reconnect``, ``TimeoutError`` when its time is up."""
        if self._closed or not self.reconnect:
            raise ConnectionLost(f"not connected to {self.path}")
        if left <= 0:
            raise TimeoutError(f"compd at {self.path} did not come back in time")

    def _fail_pending(self, why: str) -> None:
        with self._locked():
            pending, self._pending = self._pending, {}
        for complete in pending.values():
            complete(None, ConnectionLost(why))

    def _dispatch(self, message: Any, connection: _Connection) -> None:
        """Handles one message compd sent on ``connection``: a reply completes its request,
        a notification updates the scene it names."""
        if not isinstance(message, dict):
            return
        if "method" in message and "id" not in message:
            params = message.get("params")
            with self._locked():
                if isinstance(params, dict):
                    self._notification(str(message["method"]), params, connection)
                self._wake()
            return
        with self._locked():
            complete = self._pending.pop(message.get("id"), None)
        if complete is None:
            return
        if "error" in message:
            complete(None, errors.from_reply(message["error"]))
        else:
            complete(message.get("result"), None)

    def _notification(self, method: str, params: Dict[str, Any],
                      connection: _Connection) -> None:
        scene = self._scenes.get(str(params.get("scene")))
        if scene is None:
            return
        if scene._receive(method, params):
            self._resubscribe(scene, connection)
        if scene.closed is not None:
            self._scenes.pop(scene.id, None)

    def _resubscribe(self, scene: _Scene, connection: _Connection) -> None:
        """Sends ``scene.subscribe`` with ``since``; the answer, or the changes that follow
        it, bring the tree up to date."""

        def subscribed(result: Any, error: Optional[Error]) -> None:
            with self._locked():
                action = scene._subscribed(result, error)
                if action == "whole":
                    self._send(connection, "scene.subscribe", {"scene": scene.id}, subscribed)
                elif action == "gone":
                    self._scenes.pop(scene.id, None)
                self._wake()

        self._send(connection, "scene.subscribe",
                   {"scene": scene.id, "since": scene._state.revision}, subscribed)

    def _resubscribe_all(self, connection: _Connection) -> None:
        """Subscribes every scene still followed again, on a new connection."""
        with self._locked():
            for scene in list(self._scenes.values()):
                if scene._following:
                    self._resubscribe(scene, connection)

    def _lose_all(self, why: str) -> None:
        """Makes every followed scene raise :class:`ConnectionLost`: the connection is gone
        for good."""
        with self._locked():
            for scene in self._scenes.values():
                scene._lose(ConnectionLost(why))
            self._wake()

    @property
    def scenes(self) -> Dict[str, _Scene]:
        """The scenes this client follows, by id."""
        with self._locked():
            return dict(self._scenes)
