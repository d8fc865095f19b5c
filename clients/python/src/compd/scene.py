"""What a followed scene is, for the blocking and the asyncio client alike: its tree, the
component events and resets not yet taken, why it closed, and how each notification and
``scene.subscribe`` answer changes them (docs/protocol.md, "Changes").

This module does no I/O and takes no lock: the blocking client calls in here holding its
own lock, and ``compd.Scene`` reads under it (see :meth:`LiveScene._guard`).
"""

from __future__ import annotations

from collections import deque
from contextlib import nullcontext
from typing import Any, ContextManager, Deque, Dict, List, Optional, Sequence, TypeVar

from . import errors
from .errors import ConnectionLost, Error
from .tree import Node, SceneState
from .wire import Emitted, Reset, touch_event

#: ``scene.closed``'s reason for a component quarantined after crashing its scene host.
COMPONENT_FAILED = "component-failed"

_Item = TypeVar("_Item")


class LiveScene:
    """The state of one scene a client follows; ``compd.Scene`` and ``compd.aio.Scene``
    add the methods that talk to compd."""

    def __init__(self, state: SceneState, lifetime: Optional[str]) -> None:
        self.id = state.scene
        #: ``connection`` or ``daemon`` (``None`` for a scene joined with ``attach``).
        self.lifetime = lifetime
        self._state = state
        self._emitted: Deque[Emitted] = deque()
        self._reset_queue: Deque[Reset] = deque()
        self._error: Optional[Error] = None
        #: Why compd closed the scene (``closed``, ``abandoned``, ``component-failed``),
        #: or ``None`` while open.
        self.closed: Optional[str] = None
        #: compd's ``detail`` for the closing, e.g. why the component was quarantined.
        self.closed_detail: Optional[str] = None
        #: How many times compd replaced the whole tree (``scene.reset``).
        self.resets = 0
        #: The latest ``scene.reset``, or ``None``.
        self.last_reset: Optional[Reset] = None

    def _guard(self) -> ContextManager[Any]:
        """What to hold while reading the state: nothing here; the blocking client's
        lock in ``compd.Scene``."""
        return nullcontext()

    # Reading the tree

    @property
    def revision(self) -> int:
        """The revision the tree is at."""
        with self._guard():
            self._check()
            return self._state.revision

    @property
    def root(self) -> Node:
        """The root node (the window)."""
        with self._guard():
            self._check()
            return self._state.root

    def find(self, key: str) -> Optional[Node]:
        """The first node whose ``key`` (accessibility identifier) is ``key``."""
        return self.root.find(key)

    def node(self, node_id: str) -> Optional[Node]:
        """The node with id ``node_id``."""
        with self._guard():
            self._check()
            return self._state.nodes.get(node_id)

    def _stroke(self, target: Any, dx: float, dy: float, times: Sequence[float],
                lift: float) -> List[Dict[str, Any]]:
        """The touch events of one finger on the middle of ``target`` (a node or a key)
        moving by (``dx``, ``dy``): ``began`` at 0 ms, a ``moved`` at each of ``times`` evenly
        along the way, ``ended`` at ``lift``. What :meth:`drag` and :meth:`fling` send."""
        node = target if hasattr(target, "absolute_frame") else self.find(target)
        if node is None:
            raise KeyError(f"no node keyed {target!r}")
        frame = node.absolute_frame
        x, y = frame.x + frame.width / 2, frame.y + frame.height / 2
        events = [touch_event("began", x, y, t=0)]
        for step, t in enumerate(times, start=1):
            events.append(touch_event("moved", x + dx * step / len(times),
                                      y + dy * step / len(times), t=t))
        events.append(touch_event("ended", x + dx, y + dy, t=lift))
        return events

    @property
    def focused(self) -> Optional[Node]:
        """The node compd's focus engine has focused (the root's ``focused``), if any."""
        with self._guard():
            self._check()
            return self._state.focused

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id} revision {self._state.revision}>"

    # Failing

    def _lose(self, error: Error) -> None:
        """The scene is unusable from now on: every use raises ``error``."""
        if self._error is None:
            self._error = error

    def _check(self) -> None:
        if self._error is not None:
            raise self._error

    def _closed_error(self) -> errors.NoSuchScene:
        """What waiting on a scene compd closed raises: the ``compd.NoSuchScene`` compd
        would answer, with the reason and detail of its ``scene.closed``."""
        data: Dict[str, Any] = {"name": "compd.NoSuchScene", "scene": self.id,
                                "reason": self.closed}
        message = f"scene {self.id} was closed ({self.closed})"
        if self.closed_detail is not None:
            data["detail"] = self.closed_detail
            message = f"scene {self.id} was closed ({self.closed}: {self.closed_detail})"
        return errors.NoSuchScene(message, -32001, data)

    def _next(self, queue: "Deque[_Item]", left: Optional[float], what: str) -> Optional[_Item]:
        """The next item of ``queue``, or ``None`` when the caller must wait up to ``left``
        more seconds (``None``: as long as it takes) for one. Raises ``TimeoutError`` when
        that time is up, and the scene's error once it is lost or closed and ``queue`` is
        empty."""
        if queue:
            return queue.popleft()
        self._check()
        if self.closed is not None:
            raise self._closed_error()
        if left is not None and left <= 0:
            raise TimeoutError(f"no {what} from scene {self.id}")
        return None

    def _ends_events(self) -> bool:
        """Whether a ``compd.NoSuchScene`` from waiting for an event ends ``events()``
        quietly: compd closed the scene as asked or abandoned it. A failed component's
        closing, or a scene compd no longer has, is raised."""
        return self.closed is not None and self.closed != COMPONENT_FAILED

    # What compd sends

    def _receive(self, method: str, params: Dict[str, Any]) -> bool:
        """Applies a notification about this scene. Returns ``True`` when the client must
        subscribe again with ``since``: a change was missed or did not fit, or a reset's
        tree could not be read."""
        if method == "scene.changed":
            try:
                applied = self._state.apply_changed(params)
            except (KeyError, TypeError, ValueError):
                applied = False  # no revision or base to go by
            if applied:
                return False
            self._state.resyncing = True
            return True
        if method == "scene.reset":
            try:
                reset = Reset(int(params["revision"]), str(params["reason"]),
                              params["detail"] if isinstance(params.get("detail"), str)
                              else None)
                self._state.replace(reset.revision, params["root"])
            except (KeyError, TypeError, ValueError):
                # The tree is void either way; the subscription's snapshot replaces it.
                self._state.resyncing = True
                return True
            self.resets += 1
            self.last_reset = reset
            self._reset_queue.append(reset)
        elif method == "scene.emitted":
            self._emitted.append(Emitted(str(params.get("name")), params.get("payload")))
        elif method == "scene.closed":
            self.closed = str(params.get("reason"))
            detail = params.get("detail")
            self.closed_detail = detail if isinstance(detail, str) else None
        return False

    def _subscribed(self, result: Any, error: Optional[Error]) -> Optional[str]:
        """Takes the answer to a ``scene.subscribe`` with ``since``. Returns ``"whole"``
        when the client must subscribe again without ``since``, ``"gone"`` when compd no
        longer has the scene (which is now lost), else ``None``."""
        if error is None:
            self._state.subscribed(result)
            return None
        if isinstance(error, errors.InvalidParams) and error.field == "since":
            # The scene is older than the tree (a daemon that brought it back at an earlier
            # revision): take it whole.
            return "whole"
        if isinstance(error, ConnectionLost):
            # The next connection subscribes again.
            return None
        self._lose(error)
        return "gone"

    @property
    def _following(self) -> bool:
        """Whether a new connection should subscribe to the scene again."""
        return self._error is None and self.closed is None
