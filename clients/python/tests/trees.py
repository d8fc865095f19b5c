"""Comparing a client's live tree with compd's ``scene.layout``."""

from __future__ import annotations

import json
from typing import Any


def assert_tree_matches_layout(scene: Any, layout: Any) -> None:
    """The live tree of ``scene`` is exactly ``layout``'s root, at its revision."""
    assert scene.revision == layout["revision"]
    live = json.dumps(scene.root.to_json(), sort_keys=True)
    expected = json.dumps(layout["root"], sort_keys=True)
    assert live == expected
