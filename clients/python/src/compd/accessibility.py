"""A node's accessibility as docs/protocol.md ("Accessibility") defines it: its type's
default derived from its props, with the node's ``a11y`` members over it, and the reading
order a screen reader (and Tab) follows. The per-type table is in :func:`accessibility_of`
only."""

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

if TYPE_CHECKING:
    from .tree import Frame, Node

#: The node types under which a cell is no element (its content is read element by element).
CONTROL_TYPES = frozenset({"button", "switch", "textField", "slider", "stepper",
                           "segmentedControl", "pageControl", "datePicker", "searchBar"})

#: Tops less than this many points apart (or half the line's first element's height, if
#: more) are on one line of the reading order.
LINE_TOLERANCE = 8.0


@dataclass
class Accessibility:
    """What assistive technology knows of a node (UIKit's ``UIAccessibility`` members)."""

    element: bool = False
    label: Optional[str] = None
    value: Optional[str] = None
    hint: Optional[str] = None
    traits: List[str] = field(default_factory=list)
    hidden: bool = False
    modal: bool = False
    group: bool = False
    language: Optional[str] = None
    actions: List[str] = field(default_factory=list)
    order: Optional[List[str]] = None


def _percentage(fraction: float) -> str:
    # Rounded half up, as Swift's rounded() does for the non-negative fractions sent.
    return f"{int(fraction * 100 + 0.5) if fraction >= 0 else -int(-fraction * 100 + 0.5)}%"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def holds_control(node: "Node") -> bool:
    """Whether a shown node of a control type (:data:`CONTROL_TYPES`) is below ``node``."""
    return any(not child.hidden and (child.type in CONTROL_TYPES or holds_control(child))
               for child in node.children)


def accessibility_of(node: "Node") -> Accessibility:
    """The node's accessibility: its type's default, then its ``a11y`` members."""
    props = node.props
    enabled = props.get("enabled", True) is not False

    def state(own: List[str]) -> List[str]:
        traits = list(own)
        if props.get("selected") is True:
            traits.append("selected")
        if not enabled:
            traits.append("notEnabled")
        return traits

    def non_empty(name: str) -> Optional[str]:
        value = props.get(name)
        return value if isinstance(value, str) and value else None

    result = Accessibility()
    kind = node.type
    if kind == "label":
        result = Accessibility(True, props.get("text"), traits=state(["staticText"]))
    elif kind == "button":
        image = props.get("image") if isinstance(props.get("image"), dict) else {}
        result = Accessibility(True, non_empty("title") or image.get("name"),
                               traits=state(["button"]))
    elif kind == "switch":
        result = Accessibility(True, value="1" if props.get("on") is True else "0",
                               traits=state(["button"]))
    elif kind == "textField":
        if props.get("secure") is True:
            count = int(props.get("textLength", 0))
            value = "•" * count if count > 0 else None
        else:
            value = non_empty("text")
        result = Accessibility(True, props.get("placeholder"), value, traits=state([]))
    elif kind == "textView":
        result = Accessibility(True, value=non_empty("text"))
    elif kind == "searchBar":
        result = Accessibility(True, props.get("placeholder"), non_empty("text"),
                               traits=["searchField"])
    elif kind == "slider":
        value, low, high = (float(props.get("value", 0)), float(props.get("minimumValue", 0)),
                            float(props.get("maximumValue", 1)))
        fraction = (value - low) / (high - low) if high > low else 0.0
        result = Accessibility(True, value=_percentage(fraction), traits=state(["adjustable"]))
    elif kind == "stepper":
        result = Accessibility(True, value=_number(props.get("value", 0)),
                               traits=state(["adjustable"]))
    elif kind == "pageControl":
        page = int(props.get("currentPage", 0))
        result = Accessibility(True, value=f"page {page + 1} of {int(props.get('numberOfPages', 0))}",
                               traits=state(["adjustable"]))
    elif kind == "progress":
        result = Accessibility(True, value=_percentage(float(props.get("progress", 0))),
                               traits=["updatesFrequently"])
    elif kind == "activityIndicator":
        label = "In progress" if props.get("animating") is True else "Progress halted"
        result = Accessibility(True, label, traits=["updatesFrequently"])
    elif kind == "datePicker":
        result = Accessibility(True, traits=state([]))
    elif kind == "image":
        result = Accessibility(traits=["image"])
    elif kind == "cell":
        element = not holds_control(node)
        labels = [item.label for item in _content(node, _absolute(node)) if item.label] if element else []
        result = Accessibility(element, ", ".join(labels) or None,
                               traits=["selected"] if props.get("selected") is True else [])
    elif kind == "tabBar":
        result = Accessibility(traits=["tabBar"])
    result.modal = "presentation" in props
    a11y = props.get("a11y")
    if isinstance(a11y, dict):
        if isinstance(a11y.get("element"), bool):
            result.element = a11y["element"]
        if isinstance(a11y.get("label"), str):
            result.label = a11y["label"] or None
        if isinstance(a11y.get("value"), str):
            result.value = a11y["value"] or None
        if isinstance(a11y.get("hint"), str):
            result.hint = a11y["hint"]
        if isinstance(a11y.get("traits"), list):
            result.traits = [str(name) for name in a11y["traits"]]
        result.hidden = a11y.get("hidden") is True
        if isinstance(a11y.get("modal"), bool):
            result.modal = a11y["modal"]
        result.group = a11y.get("group") is True
        result.language = a11y.get("language")
        result.actions = [str(name) for name in a11y.get("actions") or []]
        if isinstance(a11y.get("order"), list):
            result.order = [str(id) for id in a11y["order"]]
    return result


@dataclass
class ReadItem:
    """One thing a screen reader reads: an element node, or a segment (``segment``) of a
    segmented control; ``frame`` in root coordinates."""

    node: "Node"
    accessibility: Accessibility
    frame: "Frame"
    segment: Optional[int] = None

    @property
    def label(self) -> Optional[str]:
        return self.accessibility.label


def _absolute(node: "Node") -> "Frame":
    return node.absolute_frame


def reading_order(root: "Node") -> List[ReadItem]:
    """The elements under ``root`` in reading order (docs/protocol.md, "Accessibility")."""
    return _collect(root, _absolute(root))[0]


def _collect(node: "Node", frame: "Frame") -> Tuple[List[ReadItem], bool]:
    if node.hidden or float(node.props.get("alpha", 1)) < 0.01:
        return [], False
    a11y = accessibility_of(node)
    if a11y.hidden:
        return [], False
    if a11y.element:
        return [ReadItem(node, a11y, frame)], a11y.modal
    items, modal = _content_units(node, frame)
    return items, a11y.modal or modal


def _content(node: "Node", frame: "Frame") -> List[ReadItem]:
    return _content_units(node, frame)[0]


def _content_units(node: "Node", frame: "Frame") -> Tuple[List[ReadItem], bool]:
    from .tree import Frame
    if node.type == "segmentedControl":
        return _segments(node, frame), False
    offset = (node.props.get("contentOffset") or {}) if node.scrolls else {}
    ox, oy = float(offset.get("x", 0)), float(offset.get("y", 0))

    def child_frame(child: "Node") -> "Frame":
        return Frame(frame.x + child.frame.x - ox, frame.y + child.frame.y - oy,
                     child.frame.width, child.frame.height)

    a11y = node.props.get("a11y") if isinstance(node.props.get("a11y"), dict) else {}
    if isinstance(a11y.get("order"), list):
        items: List[ReadItem] = []
        for id in a11y["order"]:
            child = next((c for c in node.children if c.id == id), None)
            if child is not None:
                items += _collect(child, child_frame(child))[0]
        return items, False
    units: List[Tuple["Frame", List[ReadItem]]] = []
    modal_units: Optional[List[Tuple["Frame", List[ReadItem]]]] = None
    for child in node.children:
        placed = child_frame(child)
        items, holds_modal = _collect(child, placed)
        if not items and not holds_modal:
            continue
        child_a11y = child.props.get("a11y") if isinstance(child.props.get("a11y"), dict) else {}
        grouped = child_a11y.get("group") is True or "order" in child_a11y
        entries = [(placed, items)] if grouped else [(item.frame, [item]) for item in items]
        if holds_modal:
            modal_units = entries
        elif modal_units is None:
            units += entries
    if modal_units is not None:
        return [item for _, unit in _sorted(modal_units) for item in unit], True
    return [item for _, unit in _sorted(units) for item in unit], False


def _segments(node: "Node", frame: "Frame") -> List[ReadItem]:
    from .tree import Frame
    selected = node.props.get("selectedSegmentIndex", -1)
    enabled = node.props.get("enabled", True) is not False
    items, start = [], frame.x
    for index, segment in enumerate(node.props.get("segments") or []):
        width = float(segment.get("width", 0))
        traits = ["button"]
        if index == selected:
            traits.append("selected")
        if not enabled or segment.get("enabled") is False:
            traits.append("notEnabled")
        items.append(ReadItem(node, Accessibility(True, segment.get("title"), traits=traits),
                              Frame(start, frame.y, width, frame.height), index))
        start += width
    return items


def _sorted(units: List[Tuple["Frame", List[ReadItem]]]) -> List[Tuple["Frame", List[ReadItem]]]:
    by_top = sorted(enumerate(units), key=lambda entry: (entry[1][0].y, entry[0]))
    result: List[Tuple["Frame", List[ReadItem]]] = []
    line: List[Tuple[int, Tuple["Frame", List[ReadItem]]]] = []

    def flush() -> None:
        result.extend(unit for _, unit in sorted(line, key=lambda entry: (entry[1][0].x, entry[0])))
        line.clear()

    for entry in by_top:
        if line:
            first = line[0][1][0]
            if entry[1][0].y - first.y >= max(LINE_TOLERANCE, first.height / 2):
                flush()
        line.append(entry)
    flush()
    return result


def accessibility_event(target: Any, action: str) -> Dict[str, Any]:
    """``{type: accessibility, target, action}``: ``activate``, ``increment``, ``decrement``,
    ``escape`` or a custom action's name."""
    from .tree import target_of
    if not isinstance(action, str) or not action:
        raise ValueError(f"an accessibility action is a non-empty string, not {action!r}")
    return {"type": "accessibility", "target": target_of(target), "action": action}
