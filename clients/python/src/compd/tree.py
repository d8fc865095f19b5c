"""A scene's node tree, kept current by applying ``scene.changed`` ops.

This module does no I/O: :class:`SceneState` takes the results and notifications compd
sends and says when the client must subscribe again. Both the blocking client and
``compd.aio`` use it, so they keep a tree the same way (docs/protocol.md, "Nodes" and
"Changes").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Dict, Iterator, List, Optional

if TYPE_CHECKING:
    from .accessibility import Accessibility
    from .images import ImageRef


@dataclass(frozen=True)
class Frame:
    """A rectangle in points."""

    x: float
    y: float
    width: float
    height: float

    @classmethod
    def from_json(cls, value: Any) -> "Frame":
        """Reads ``{x, y, width, height}``."""
        return cls(float(value["x"]), float(value["y"]), float(value["width"]),
                   float(value["height"]))

    def to_json(self) -> Dict[str, float]:
        """``{x, y, width, height}`` with whole numbers as integers, as compd writes them."""
        return {name: _wire_number(getattr(self, name)) for name in ("x", "y", "width", "height")}


#: The node types whose children are in a content space shifted by ``contentOffset``: a
#: scroll view, and a table (``TableView``), which has a scroll view's props.
SCROLLING_TYPES = frozenset({"scroll", "table", "collection"})

#: The valued controls and the prop that holds each one's value, with its default when
#: absent (docs/protocol.md): a slider's or stepper's ``value``, a segmented control's
#: ``selectedSegmentIndex`` (-1: no segment), a progress view's ``progress``, a page
#: control's ``currentPage``.
CONTROL_VALUES: Dict[str, Any] = {
    "slider": ("value", 0),
    "stepper": ("value", 0),
    "segmentedControl": ("selectedSegmentIndex", -1),
    "progress": ("progress", 0),
    "pageControl": ("currentPage", 0),
}

#: The bars whose items are child ``button`` nodes with a ``barItem`` prop: a navigation
#: bar, a navigation controller's toolbar, a tab bar (docs/protocol.md, "Bars").
BAR_TYPES = frozenset({"navigationBar", "toolbar", "tabBar"})

#: The node types that take typed text (``text``, ``focus``, ``blur`` events): a one-line
#: text field, a multi-line text view and a search bar.
TEXT_INPUT_TYPES = frozenset({"textField", "textView", "searchBar"})


def _wire_number(value: float) -> Any:
    return int(value) if float(value).is_integer() else value


class Node:
    """One view of a scene: ``id``, ``type``, ``key``, ``frame`` (in the parent's space),
    ``props`` (only what differs from the type's defaults), ``children`` (back to front)."""

    __slots__ = ("id", "type", "key", "frame", "props", "children", "parent")

    def __init__(self, id: str, type: str, key: Optional[str], frame: Frame,
                 props: Dict[str, Any], children: List["Node"],
                 parent: Optional["Node"] = None) -> None:
        self.id = id
        self.type = type
        self.key = key
        self.frame = frame
        self.props = props
        self.children = children
        self.parent = parent

    @classmethod
    def from_json(cls, value: Dict[str, Any], parent: Optional["Node"] = None) -> "Node":
        """Builds a node and its subtree from the wire form."""
        node = cls(str(value["id"]), str(value["type"]), value.get("key"),
                   Frame.from_json(value["frame"]), dict(value.get("props") or {}), [], parent)
        node.children = [cls.from_json(child, node) for child in value.get("children") or []]
        return node

    def to_json(self) -> Dict[str, Any]:
        """The wire form of the node and its subtree, comparable with ``scene.layout``'s."""
        value: Dict[str, Any] = {"id": self.id, "type": self.type}
        if self.key is not None:
            value["key"] = self.key
        value["frame"] = self.frame.to_json()
        value["props"] = dict(self.props)
        value["children"] = [child.to_json() for child in self.children]
        return value

    @property
    def image(self) -> "Optional[ImageRef]":
        """The image an ``image`` node (or a button) shows: its ``image`` prop, read; its
        bytes come from ``Client.image``."""
        from .images import ImageRef
        return ImageRef.from_prop(self.props.get("image"))

    @property
    def accessibility(self) -> "Accessibility":
        """What assistive technology knows of the node: its type's default with its ``a11y``
        prop over it (docs/protocol.md, "Accessibility"); ``compd.accessibility`` has the
        reading order."""
        from .accessibility import accessibility_of
        return accessibility_of(self)

    @property
    def value(self) -> Optional[float]:
        """A valued control's value (:data:`CONTROL_VALUES`); ``None`` for other types."""
        entry = CONTROL_VALUES.get(self.type)
        if entry is None:
            return None
        name, default = entry
        return self.props.get(name, default)

    @property
    def scrolls(self) -> bool:
        """Whether the node is a scroll view (``scroll`` or ``table``): its children are in
        its content space, ``contentOffset`` from its own."""
        return self.type in SCROLLING_TYPES

    @property
    def absolute_frame(self) -> Frame:
        """The frame in the root's (the window's) coordinates: parents' origins added, and a
        ``scroll`` or ``table`` ancestor's ``contentOffset`` subtracted."""
        x, y = self.frame.x, self.frame.y
        ancestor = self.parent
        while ancestor is not None:
            x += ancestor.frame.x
            y += ancestor.frame.y
            if ancestor.scrolls:
                offset = ancestor.props.get("contentOffset") or {}
                x -= float(offset.get("x", 0))
                y -= float(offset.get("y", 0))
            ancestor = ancestor.parent
        return Frame(x, y, self.frame.width, self.frame.height)

    @property
    def hidden(self) -> bool:
        """Whether ``props.hidden`` is true."""
        return self.props.get("hidden") is True

    @property
    def layout_direction(self) -> str:
        """``props.layoutDirection`` (``"rightToLeft"``, sent only then), else
        ``"leftToRight"``. On the root it is the scene's direction; on a valued control
        (``slider``, ``stepper``, ``segmentedControl``, ``progress``, ``pageControl``) or a
        ``cell`` with an accessory, the direction its painted parts run: right to left they
        are drawn mirrored (the first segment, the minimum, the − half on the right; the
        chevron on the left). Frames are already mirrored; the control's props (segments,
        pages) stay in their logical order."""
        value = self.props.get("layoutDirection")
        return value if value == "rightToLeft" else "leftToRight"

    @property
    def lang(self) -> str:
        """The scene's language, on the root: ``props.lang`` (a BCP 47 tag), else ``"en"``."""
        value = self.props.get("lang")
        return value if isinstance(value, str) else "en"

    @property
    def text(self) -> Optional[str]:
        """A label's or text field's ``text``, a button's ``title``, else ``None``."""
        value = self.props.get("text", self.props.get("title"))
        return value if isinstance(value, str) else None

    @property
    def takes_text(self) -> bool:
        """Whether the node is a ``textField``, ``textView`` or ``searchBar``, which typing edits."""
        return self.type in TEXT_INPUT_TYPES

    @property
    def runs(self) -> List[Dict[str, Any]]:
        """A label's attributed runs (``props.runs``: ``{text, font?, textColor?, …}`` each,
        what a run leaves out being the label's own), or ``[]`` for plain text."""
        value = self.props.get("runs")
        return list(value) if isinstance(value, list) else []

    def walk(self) -> Iterator["Node"]:
        """This node and every node below it, depth first, back to front."""
        yield self
        for child in self.children:
            yield from child.walk()

    def find(self, key: str) -> Optional["Node"]:
        """The first node at or below this one whose ``key`` is ``key``."""
        return next((node for node in self.walk() if node.key == key), None)

    def find_all(self, type: str) -> List["Node"]:
        """The nodes of ``type`` at or below this one, depth first: ``find_all("cell")``
        on a table is the rows it has nodes for (those in view and half a screen around)."""
        return [node for node in self.walk() if node.type == type]

    @property
    def bar_items(self) -> List["Node"]:
        """A bar's (``navigationBar``, ``toolbar``, ``tabBar``) item buttons, in tree order;
        ``[]`` for any other node."""
        if self.type not in BAR_TYPES:
            return []
        return [node for node in self.walk() if node.type == "button" and "barItem" in node.props]

    @property
    def toolbar(self) -> Optional["Node"]:
        """The first ``toolbar`` at or below this node (a navigation controller's), else
        ``None``."""
        return next((node for node in self.walk() if node.type == "toolbar"), None)

    @property
    def presentation(self) -> Optional[str]:
        """How a presented controller's view is shown (``pageSheet``, ``alert``,
        ``actionSheet``, …, docs/protocol.md "Presentation"), else ``None``."""
        value = self.props.get("presentation")
        return value if isinstance(value, str) else None

    @property
    def table(self) -> Optional["Node"]:
        """The ``table`` a ``cell`` (or a view in one) belongs to, else ``None``."""
        ancestor = self.parent
        while ancestor is not None and ancestor.type != "table":
            ancestor = ancestor.parent
        return ancestor

    def __repr__(self) -> str:
        key = f" {self.key!r}" if self.key is not None else ""
        f = self.frame
        return f"<Node {self.id} {self.type}{key} ({f.x:g}, {f.y:g}, {f.width:g}×{f.height:g})>"


class TreeMismatch(Exception):
    """An op names a node the tree does not have: the tree must be fetched again."""


class SceneState:
    """The tree of one scene at ``revision``, and whether it is waiting to be resent."""

    def __init__(self, scene: str, revision: int, root: Dict[str, Any]) -> None:
        self.scene = scene
        self.revision = revision
        self.root = Node.from_json(root)
        self.nodes: Dict[str, Node] = {}
        self._index(self.root)
        #: True after a gap, until compd has answered the new ``scene.subscribe``.
        self.resyncing = False

    def _index(self, node: Node) -> None:
        for each in node.walk():
            self.nodes[each.id] = each

    def _unindex(self, node: Node) -> None:
        for each in node.walk():
            self.nodes.pop(each.id, None)

    def replace(self, revision: int, root: Dict[str, Any]) -> None:
        """Takes a whole tree (``scene.subscribe`` with ``root``, ``scene.reset``); one
        that cannot be read raises and leaves the tree as it was."""
        fresh = Node.from_json(root)
        self.revision = revision
        self.root = fresh
        self.nodes = {}
        self._index(fresh)

    def subscribed(self, result: Dict[str, Any]) -> None:
        """Applies the result of ``scene.subscribe``: a ``root`` replaces the tree; without
        one the changes after ``since`` follow as notifications."""
        self.resyncing = False
        if "root" in result:
            self.replace(int(result["revision"]), result["root"])

    def apply_changed(self, params: Dict[str, Any]) -> bool:
        """Applies a ``scene.changed`` notification. Returns ``False`` when the client must
        subscribe again with ``since`` = :attr:`revision`: its ``base`` is past the tree's
        revision (a change was missed) or an op does not fit the tree. A notification the
        tree already has (``revision`` not newer) is ignored."""
        revision = int(params["revision"])
        base = int(params["base"])
        if revision <= self.revision:
            return True
        if base != self.revision:
            # While a new subscription is pending, changes that do not follow the tree were
            # sent before compd answered it; the reply or the replay after it catches up.
            return self.resyncing
        try:
            for op in params.get("ops") or []:
                self._apply(op)
        except (TreeMismatch, KeyError, TypeError, ValueError, IndexError):
            return False
        self.revision = revision
        return True

    def _apply(self, op: Dict[str, Any]) -> None:
        kind = op["op"]
        if kind == "remove":
            node = self._node(op["id"])
            if node.parent is None:
                raise TreeMismatch("the root cannot be removed")
            node.parent.children.remove(node)
            self._unindex(node)
        elif kind == "insert":
            parent = self._node(op["parent"])
            index = int(op["index"])
            if not 0 <= index <= len(parent.children):
                raise TreeMismatch(f"index {index} is outside {parent.id}'s children")
            node = Node.from_json(op["node"], parent)
            parent.children.insert(index, node)
            self._index(node)
        elif kind == "update":
            node = self._node(op["id"])
            for name, value in op["props"].items():
                if value is None:
                    node.props.pop(name, None)
                else:
                    node.props[name] = value
        elif kind == "key":
            key = op["key"]
            if key is not None and not isinstance(key, str):
                raise TreeMismatch(f"key {key!r} is not a string")
            self._node(op["id"]).key = key
        elif kind == "frame":
            self._node(op["id"]).frame = Frame.from_json(op["frame"])
        else:
            raise TreeMismatch(f"unknown op {kind!r}")

    def _node(self, node_id: Any) -> Node:
        node = self.nodes.get(node_id)
        if node is None:
            raise TreeMismatch(f"no node {node_id!r}")
        return node

    def find(self, key: str) -> Optional[Node]:
        """The first node whose ``key`` is ``key``."""
        return self.root.find(key)

    @property
    def focused(self) -> Optional[Node]:
        """The node the root's ``focused`` prop names (compd's focus engine), if any."""
        focused = self.root.props.get("focused")
        return self.nodes.get(focused) if isinstance(focused, str) else None


def target_of(target: Any) -> str:
    """An event's ``target``: a :class:`Node`'s id, or the string given (an id or a key)."""
    if isinstance(target, Node):
        return target.id
    if isinstance(target, str):
        return target
    raise TypeError(f"a target is a Node or a node id or key, not {type(target).__name__}")
