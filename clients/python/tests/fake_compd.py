"""A scripted stand-in for compd on a Unix socket, for what a real compd cannot be made to
send on cue (a scene host's crash in the middle of a change stream, a malformed
notification): it answers each request from a table and sends the notifications a test
pushes, in order with its replies on the same connection, as compd does
(docs/protocol.md, "Ordering")."""

from __future__ import annotations

import json
import os
import socket
import tempfile
import threading
from typing import Any, Callable, Dict, List, Optional, Tuple


class Refusal(Exception):
    """Raised by a handler: the request is answered with this JSON-RPC error."""

    def __init__(self, code: int, message: str, data: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(message)
        self.error: Dict[str, Any] = {"code": code, "message": message}
        if data is not None:
            self.error["data"] = data


Handler = Callable[[Dict[str, Any]], Any]


class FakeCompd:
    """Serves ``handlers`` (method → params → result, or :class:`Refusal`) on a fresh
    socket; every request is recorded in :attr:`requests` as ``(method, params)``."""

    def __init__(self, handlers: Dict[str, Handler]) -> None:
        self.handlers = dict(handlers)
        self.directory = tempfile.mkdtemp(prefix="fake-compd-")
        self.socket = os.path.join(self.directory, "compd.sock")
        self.requests: List[Tuple[str, Dict[str, Any]]] = []
        self._lock = threading.Lock()
        self._connections: List[socket.socket] = []
        self._listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._listener.bind(self.socket)
        self._listener.listen(8)
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self._listener.accept()
            except OSError:
                return
            with self._lock:
                self._connections.append(connection)
            threading.Thread(target=self._serve, args=(connection,), daemon=True).start()

    def _serve(self, connection: socket.socket) -> None:
        buffer = b""
        try:
            while True:
                chunk = connection.recv(1 << 16)
                if not chunk:
                    break
                buffer += chunk
                while b"\n" in buffer:
                    line, buffer = buffer.split(b"\n", 1)
                    self._answer(connection, json.loads(line))
        except OSError:
            pass
        with self._lock:
            if connection in self._connections:
                self._connections.remove(connection)
        connection.close()

    def _answer(self, connection: socket.socket, request: Dict[str, Any]) -> None:
        method = request["method"]
        params = request.get("params") or {}
        with self._lock:
            self.requests.append((method, params))
        reply: Dict[str, Any] = {"jsonrpc": "2.0", "id": request["id"]}
        handler = self.handlers.get(method)
        try:
            if handler is None:
                raise Refusal(-32601, f"no method {method}", {"method": method})
            reply["result"] = handler(params)
        except Refusal as refusal:
            reply["error"] = refusal.error
        self._write(connection, reply)

    def _write(self, connection: socket.socket, message: Dict[str, Any]) -> None:
        data = json.dumps(message, separators=(",", ":")).encode() + b"\n"
        with self._lock:
            try:
                connection.sendall(data)
            except OSError:
                pass

    def notify(self, method: str, params: Any) -> None:
        """Sends a notification to every connection, after whatever was sent before."""
        with self._lock:
            connections = list(self._connections)
        for connection in connections:
            self._write(connection, {"jsonrpc": "2.0", "method": method, "params": params})

    def drop(self) -> None:
        """Closes every connection, as a daemon that went away would."""
        with self._lock:
            connections, self._connections = self._connections, []
        for connection in connections:
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def sent(self, method: str) -> List[Dict[str, Any]]:
        """The params of every request for ``method`` so far."""
        with self._lock:
            return [params for name, params in self.requests if name == method]

    def close(self) -> None:
        self._listener.close()
        self.drop()
        try:
            os.unlink(self.socket)
            os.rmdir(self.directory)
        except OSError:
            pass
