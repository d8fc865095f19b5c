"""Exceptions for compd's JSON-RPC errors (docs/protocol.md, "Errors").

Every error compd answers becomes an instance of the class named after its ``data.name``
(compd's own errors, codes -32000…-32099) or after its standard JSON-RPC code; all derive
from :class:`Error`, which carries ``code``, ``message`` and ``data``.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Type


class Error(Exception):
    """An error compd answered with, or a failure to reach it.

    ``code`` is the JSON-RPC error code (``None`` when compd was never reached),
    ``message`` its one-line text and ``data`` its structured details (``{}`` when absent).
    """

    code: Optional[int]
    message: str
    data: Dict[str, Any]

    def __init__(self, message: str, code: Optional[int] = None,
                 data: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = dict(data or {})

    @property
    def name(self) -> Optional[str]:
        """``data.name``, compd's stable name for its own errors (``compd.NoSuchScene``)."""
        name = self.data.get("name")
        return name if isinstance(name, str) else None

    def __str__(self) -> str:
        if self.code is None:
            return self.message
        return f"{self.message} (code {self.code})"


class ConnectionLost(Error):
    """compd could not be reached, or the connection dropped before the reply came.

    A request that was sent but not answered may or may not have run.
    """


class ParseError(Error):
    """-32700: compd could not read the request as JSON."""


class InvalidRequest(Error):
    """-32600: not a valid JSON-RPC request."""


class MethodNotFound(Error):
    """-32601: no method has that name."""


class InvalidParams(Error):
    """-32602: the params do not match the method's schema (``field`` names the member)."""

    @property
    def field(self) -> Optional[str]:
        """``data.field``, the path of the offending member, e.g. ``environment.width``."""
        field = self.data.get("field")
        return field if isinstance(field, str) else None


class InternalError(Error):
    """-32603: compd failed while handling the request."""


class NoSuchScene(Error):
    """compd.NoSuchScene (-32001): no scene with that id (or not one the caller may see).

    A followed scene that compd closed raises it too, with the ``reason`` and ``detail`` of
    its ``scene.closed``.
    """

    @property
    def reason(self) -> Optional[str]:
        """``data.reason``: ``closed``, ``abandoned``, ``not-restored``,
        ``component-failed`` (the component was quarantined after crashing its scene host)
        or ``unknown``."""
        return _text(self.data, "reason")

    @property
    def detail(self) -> Optional[str]:
        """``data.detail``: why, for ``not-restored`` and ``component-failed``."""
        return _text(self.data, "detail")


class NoSuchComponent(Error):
    """compd.NoSuchComponent (-32002): no loaded plugin provides that component."""


class NoSuchNode(Error):
    """compd.NoSuchNode (-32003): no node with that id or key in the scene."""


class PluginError(Error):
    """compd.PluginError (-32004): a plugin failed to load or was rejected."""


class ComponentFailed(Error):
    """compd.ComponentFailed (-32005): a component failed while being built or updated, or
    the scene host running the request crashed or hung (compd brings the scene back and
    sends ``scene.reset``; the request may or may not have taken effect)."""

    @property
    def component(self) -> Optional[str]:
        """``data.component``: the component that failed."""
        return _text(self.data, "component")

    @property
    def reason(self) -> Optional[str]:
        """``data.reason`` when its host died while running the request (``crashed``,
        ``hung``) or the component is quarantined after crashing hosts (``quarantined``)."""
        return _text(self.data, "reason")

    @property
    def signal(self) -> Optional[str]:
        """``data.signal``: the signal that ended the host, e.g. ``SIGTRAP``."""
        return _text(self.data, "signal")

    @property
    def status(self) -> Optional[int]:
        """``data.status``: the host's exit status when it exited rather than was killed."""
        status = self.data.get("status")
        return status if isinstance(status, int) and not isinstance(status, bool) else None

    @property
    def detail(self) -> Optional[str]:
        """``data.detail``: what happened, in words."""
        return _text(self.data, "detail")


class PermissionDenied(Error):
    """compd.PermissionDenied (-32006): the caller may not call this method."""


class LimitExceeded(Error):
    """compd.LimitExceeded (-32007, or -32600 for an overlong line): a limit was hit."""


class ShuttingDown(Error):
    """compd.ShuttingDown (-32008): the daemon is stopping and takes no new work."""


class ConfigError(Error):
    """compd.ConfigError (-32009): ``daemon.reload`` found the configuration file bad."""


class PersistenceError(Error):
    """compd.PersistenceError (-32010): the scene database could not do what was asked."""


class NoSuchImage(Error):
    """compd.NoSuchImage (-32011): no scene host has an image with that hash."""


#: compd's own errors by ``data.name``.
BY_NAME: Dict[str, Type[Error]] = {
    "compd." + cls.__name__: cls
    for cls in (NoSuchScene, NoSuchComponent, NoSuchNode, PluginError, ComponentFailed,
                PermissionDenied, LimitExceeded, ShuttingDown, ConfigError,
                PersistenceError, NoSuchImage)
}

#: The standard JSON-RPC errors by code.
BY_CODE: Dict[int, Type[Error]] = {
    -32700: ParseError,
    -32600: InvalidRequest,
    -32601: MethodNotFound,
    -32602: InvalidParams,
    -32603: InternalError,
}


def from_reply(error: Any) -> Error:
    """The exception for a reply's ``error`` member: by ``data.name`` first, then by code."""
    if not isinstance(error, dict):
        return Error(f"compd sent an error that is not an object: {error!r}")
    code = error.get("code")
    message = error.get("message")
    data = error.get("data")
    data = data if isinstance(data, dict) else {}
    name = data.get("name")
    cls = BY_NAME.get(name) if isinstance(name, str) else None
    if cls is None and isinstance(code, int):
        cls = BY_CODE.get(code)
    return (cls or Error)(str(message), code if isinstance(code, int) else None, data)


def _text(data: Dict[str, Any], name: str) -> Optional[str]:
    value = data.get(name)
    return value if isinstance(value, str) else None
