"""A client for compd: open screen components as scenes whose tree stays current.

::

    import compd

    with compd.Client() as client:          # $COMPD_SOCKET, $XDG_RUNTIME_DIR/compd.sock, …
        scene = client.open("demo.Login")
        scene.type("username", "ann")
        scene.tap("login")
        print(scene.next_event(timeout=5))  # Emitted(name='login', payload={…})

When compd replaces a scene's whole tree (``scene.reset``: its host crashed, hung or was
replaced for new plugin code), ``scene.root`` is the new tree and ``scene.resets``,
``scene.last_reset`` and ``scene.next_reset()`` say so. ``compd.aio`` has the same API
for asyncio. The protocol is docs/protocol.md.
"""

from .client import Client, Scene
from .errors import (ComponentFailed, ConfigError, ConnectionLost, Error, InternalError, InvalidParams,
                     InvalidRequest, LimitExceeded, MethodNotFound, NoSuchComponent, NoSuchNode,
                     NoSuchImage, NoSuchScene, ParseError, PermissionDenied, PersistenceError,
                     PluginError, ShuttingDown)
from .images import ImageBytes, ImageRef
from .tree import Frame, Node
from .wire import Emitted, Reset, locate_socket

__version__ = "0.1.0"

__all__ = [
    "Client", "Scene", "Node", "Frame", "Emitted", "Reset", "locate_socket",
    "Error", "ConnectionLost", "ParseError", "InvalidRequest", "MethodNotFound",
    "InvalidParams", "InternalError", "NoSuchScene", "NoSuchComponent", "NoSuchNode",
    "PluginError", "ComponentFailed", "PermissionDenied", "LimitExceeded", "ShuttingDown",
    "ConfigError", "PersistenceError", "NoSuchImage", "ImageRef", "ImageBytes",
]
