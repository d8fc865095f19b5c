"""Plugin directories for the Python test suites (Tests/web, clients/python/tests).

compd loads a plugin only from a directory no one but root and its own user may write,
up to / (docs/plugins.md); pytest's temporary directories under /tmp fail that check.
"""

from __future__ import annotations

import os
import tempfile


def trusted_directory(prefix: str, build: str) -> str:
    """A fresh directory compd's plugin trust check accepts: in ``build`` (the build
    directory of the compd under test), or under ~/.cache when the checkout lies below a
    directory others may write (such as /tmp)."""

    def trusted(path: str) -> bool:
        path = os.path.realpath(path)
        while True:
            info = os.lstat(path)
            if info.st_uid not in (0, os.geteuid()) or info.st_mode & 0o022:
                return False
            if path == "/":
                return True
            path = os.path.dirname(path)

    for root in (os.path.join(build, "plugin-tests"),
                 os.path.join(os.path.expanduser("~"), ".cache", "compd-plugin-tests")):
        os.makedirs(root, mode=0o755, exist_ok=True)
        os.chmod(root, 0o755)
        if trusted(root):
            break
    directory = tempfile.mkdtemp(prefix=prefix, dir=root)
    os.chmod(directory, 0o755)
    return directory
