"""What the blocking and asyncio clients share: where the socket is, how a request and an
emitted event look, and the params of the scene methods (docs/protocol.md)."""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass
from typing import Any, Dict, Mapping, Optional, Sequence

from .tree import target_of

#: Longest a reply line may be (compd's own replies to layouts of large scenes fit).
MAX_LINE_BYTES = 256 << 20

#: Seconds between reconnection attempts: doubles from the first to the last.
RECONNECT_FIRST_DELAY = 0.05
RECONNECT_MAX_DELAY = 2.0


def locate_socket(socket: Optional[str] = None,
                  environ: Optional[Mapping[str, str]] = None) -> str:
    """The socket path as compctl finds it: ``socket``, ``$COMPD_SOCKET``,
    ``$XDG_RUNTIME_DIR/compd.sock``, ``/run/compd.sock``."""
    environ = os.environ if environ is None else environ
    if socket:
        return socket
    if environ.get("COMPD_SOCKET"):
        return environ["COMPD_SOCKET"]
    runtime = environ.get("XDG_RUNTIME_DIR")
    if runtime:
        return runtime.rstrip("/") + "/compd.sock"
    return "/run/compd.sock"


def unreachable(path: str, socket: Optional[str], error: OSError,
                environ: Optional[Mapping[str, str]] = None, cwd: Optional[str] = None) -> str:
    """Why nothing answers on ``path``. When the path was not given (``socket`` or
    ``$COMPD_SOCKET``) and the working directory has ``make run``'s socket, it says how to
    use that one: a checkout's compd does not listen where an installed one does."""
    environ = os.environ if environ is None else environ
    message = f"cannot connect to {path}: {error.strerror or error}"
    if socket or environ.get("COMPD_SOCKET"):
        return message
    local = os.path.join(os.getcwd() if cwd is None else cwd, "run", "compd.sock")
    if local != path and os.path.exists(local):
        message += (f"; `make run` listens on {local}: set COMPD_SOCKET={local}"
                    " or pass compd.Client(socket=...)")
    return message


def request_line(request_id: int, method: str, params: Optional[Dict[str, Any]]) -> bytes:
    """One JSON-RPC request as a line."""
    message: Dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
    if params is not None:
        message["params"] = params
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode() + b"\n"


@dataclass(frozen=True)
class Emitted:
    """A component event (``scene.emitted``): its ``name`` and ``payload``."""

    name: str
    payload: Any


@dataclass(frozen=True)
class Reset:
    """A ``scene.reset``: compd replaced the scene's whole tree with the one at
    ``revision``, because its scene host ``crashed``, ``hung`` or was replaced for new
    plugin code (``upgraded``); ``detail`` says more when compd gave it."""

    revision: int
    reason: str
    detail: Optional[str] = None


def open_params(component: str, params: Optional[Dict[str, Any]],
                environment: Optional[Dict[str, Any]], lifetime: str) -> Dict[str, Any]:
    """The params of ``scene.open``."""
    request: Dict[str, Any] = {"component": component, "lifetime": lifetime}
    if params is not None:
        request["params"] = params
    if environment is not None:
        request["environment"] = environment
    return request


def resize_environment(width: Optional[float], height: Optional[float],
                       more: Dict[str, Any]) -> Dict[str, Any]:
    """The ``environment`` of ``scene.resize``: members left out keep their values."""
    environment = dict(more)
    if width is not None:
        environment["width"] = width
    if height is not None:
        environment["height"] = height
    return environment


def tap_event(target: Any, x: Optional[float] = None,
              y: Optional[float] = None) -> Dict[str, Any]:
    """``{type: tap, target}``, or ``{type: tap, target, x, y}`` at a point in the target's
    own coordinates (a stepper's half, a segment, a page control's half)."""
    event: Dict[str, Any] = {"type": "tap", "target": target_of(target)}
    if x is None and y is None:
        return event
    for name, value in (("x", x), ("y", y)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not math.isfinite(value):
            raise ValueError(f"a tap's {name} is a finite number, not {value!r}")
    event["x"] = x
    event["y"] = y
    return event


def value_event(target: Any, value: float, component: Optional[int] = None) -> Dict[str, Any]:
    """``{type: value, target, value, component?}``: a control's value as the user would set
    it (a slider's, a stepper's, the selected segment's or page's index)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"a value is a finite number, not {value!r}")
    event: Dict[str, Any] = {"type": "value", "target": target_of(target), "value": value}
    if component is not None:
        if isinstance(component, bool) or not isinstance(component, int) or component < 0:
            raise ValueError(f"a component is a non-negative integer, not {component!r}")
        event["component"] = component
    return event


def text_event(target: Any, text: str) -> Dict[str, Any]:
    """``{type: text, target, text}``."""
    return {"type": "text", "target": target_of(target), "text": text}


def clear_event(target: Any) -> Dict[str, Any]:
    """``{type: clear, target}``: a press of the text field's clear button."""
    return {"type": "clear", "target": target_of(target)}


#: The directions of a ``swipe`` event.
SWIPE_DIRECTIONS = ("left", "right", "up", "down")


def scroll_event(target: Any, x: float, y: float) -> Dict[str, Any]:
    """``{type: scroll, target, x, y}``: the content offset to scroll ``target`` to."""
    for name, value in (("x", x), ("y", y)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not math.isfinite(value):
            raise ValueError(f"a scroll's {name} is a finite number, not {value!r}")
    return {"type": "scroll", "target": target_of(target), "x": x, "y": y}


def swipe_event(target: Any, direction: str) -> Dict[str, Any]:
    """``{type: swipe, target, direction}``; ``direction`` is left, right, up or down."""
    if direction not in SWIPE_DIRECTIONS:
        raise ValueError(f"a swipe's direction is one of {', '.join(SWIPE_DIRECTIONS)},"
                         f" not {direction!r}")
    return {"type": "swipe", "target": target_of(target), "direction": direction}


KEY_MODIFIERS = ("shift", "control", "alternate", "command")
KEY_PHASES = ("down", "up")


def key_event(key: str, modifiers: Sequence[str] = (), phase: Optional[str] = None
              ) -> Dict[str, Any]:
    """``{type: key, key, modifiers?, phase?}``: ``key`` is a W3C ``KeyboardEvent.key``
    value (``Tab``, ``Enter``, ``ArrowDown``, ``a``); ``modifiers`` from shift, control,
    alternate, command; ``phase`` down or up (none: a whole press). A bad modifier or phase,
    or an empty key, raises ``ValueError`` before anything is sent."""
    if not isinstance(key, str) or not key:
        raise ValueError("a key event needs a key (Tab, Enter, ArrowDown, a …)")
    for modifier in modifiers:
        if modifier not in KEY_MODIFIERS:
            raise ValueError(f"a key's modifiers are among {', '.join(KEY_MODIFIERS)},"
                             f" not {modifier!r}")
    if phase is not None and phase not in KEY_PHASES:
        raise ValueError(f"a key's phase is down or up, not {phase!r}")
    event: Dict[str, Any] = {"type": "key", "key": key}
    if modifiers:
        event["modifiers"] = list(modifiers)
    if phase is not None:
        event["phase"] = phase
    return event


TOUCH_PHASES = ("began", "moved", "ended", "cancelled")


def touch_event(phase: str, x: float, y: float, id: int = 0,
                t: Optional[float] = None) -> Dict[str, Any]:
    """``{type: touch, phase, id, x, y, t?}``: one phase of finger ``id`` at (``x``, ``y``)
    in root coordinates, ``t`` the client's monotonic clock in milliseconds. A bad phase or
    id raises ``ValueError`` before anything is sent."""
    if phase not in TOUCH_PHASES:
        raise ValueError(f"a touch's phase is one of {', '.join(TOUCH_PHASES)}, not {phase!r}")
    if not isinstance(id, int) or id < 0:
        raise ValueError(f"a touch's id is a non-negative integer, not {id!r}")
    event: Dict[str, Any] = {"type": "touch", "phase": phase, "id": id, "x": x, "y": y}
    if t is not None:
        event["t"] = t
    return event


def event_object(event: Dict[str, Any]) -> Dict[str, Any]:
    """An event as given, with a :class:`~compd.tree.Node` target turned into its id."""
    event = dict(event)
    if "target" in event:
        event["target"] = target_of(event["target"])
    return event
