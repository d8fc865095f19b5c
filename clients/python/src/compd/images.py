"""Images on the wire (docs/protocol.md, "Images"): a node's ``image`` prop names the
bytes of a PNG, JPEG or SVG file by their SHA-256; ``image.get`` returns them."""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from typing import Any, Dict, Optional


@dataclass(frozen=True)
class ImageRef:
    """An ``image`` prop: ``hash`` (None for a placeholder without bytes), ``width`` and
    ``height`` in points, ``scale`` (pixels per point), ``template`` and its ``tint``,
    ``name``."""

    hash: Optional[str]
    width: float
    height: float
    scale: float = 1
    template: bool = False
    tint: Optional[str] = None
    name: Optional[str] = None

    @classmethod
    def from_prop(cls, value: Any) -> Optional["ImageRef"]:
        """The image of a node's ``image`` prop, or None when the node has none."""
        if not isinstance(value, dict):
            return None
        return cls(value.get("hash"), float(value.get("width", 0)), float(value.get("height", 0)),
                   float(value.get("scale", 1)), bool(value.get("template", False)),
                   value.get("tint"), value.get("name"))


@dataclass(frozen=True)
class ImageBytes:
    """An image's bytes as ``image.get`` returns them: its media type and the file."""

    hash: str
    mime: str
    data: bytes

    @classmethod
    def from_result(cls, result: Dict[str, Any]) -> "ImageBytes":
        """Decodes an ``image.get`` result, checking the bytes against the hash."""
        data = base64.b64decode(result["data"], validate=True)
        if hashlib.sha256(data).hexdigest() != result["hash"]:
            raise ValueError(f"image.get: the bytes do not hash to {result['hash']}")
        return cls(result["hash"], result["mime"], data)


def image_hash(image: Any) -> str:
    """The hash of a hash string, an :class:`ImageRef` or an ``image`` prop."""
    if isinstance(image, ImageRef):
        if image.hash is None:
            raise ValueError("this image has no bytes (a placeholder)")
        return image.hash
    if isinstance(image, dict):
        return str(image.get("hash"))
    return str(image)
