"""A real compd for the tests: the built binary (``$COMPD_BIN_DIR``, default the root
package's ``.build/debug``) with the bundled plugins, on a temporary socket and state dir."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Iterator, List, Optional

import pytest

REPO = Path(__file__).resolve().parents[3]
BIN = Path(os.environ.get("COMPD_BIN_DIR", REPO / ".build" / "debug"))
# The tests run the repository's compd, so they share its test scripts with Tests/web.
sys.path.insert(0, str(REPO / "Tests" / "Scripts"))
from trusted_plugins import trusted_directory  # noqa: E402 (the path is set just above)

PLUGINS = ("Login", "StackedForms", "Destination", "Gallery", "Contacts")


class Daemon:
    """One compd process that can be stopped and started again on the same socket."""

    def __init__(self, extra: Optional[List[str]] = None) -> None:
        if not (BIN / "compd").exists():
            pytest.fail(f"{BIN / 'compd'} is missing: run `swift build` first")
        # Unix socket paths are short (108 bytes); pytest's tmp_path can be longer.
        self.dir = Path(tempfile.mkdtemp(prefix="compd-py-"))
        self.socket = str(self.dir / "compd.sock")
        # Copies, not links: compd checks the resolved path of each plugin.
        self.plugins = Path(trusted_directory("py-plugins-", str(BIN)))
        for name in PLUGINS:
            library = BIN / f"lib{name}.so"
            if not library.exists():
                pytest.fail(f"{library} is missing: run `swift build` first")
            shutil.copy(library, self.plugins / library.name)
            # Its images travel with it: the resource bundle goes beside the library.
            bundle = BIN / f"compd_{name}.resources"
            if bundle.is_dir():
                shutil.copytree(bundle, self.plugins / bundle.name, dirs_exist_ok=True)
        self.extra = extra or []
        self.process: Optional[subprocess.Popen[bytes]] = None
        self.log = open(self.dir / "compd.log", "ab")

    def start(self) -> None:
        self.process = subprocess.Popen(
            [str(BIN / "compd"), "--socket", self.socket, "--plugin-dir",
             str(self.plugins), "--state-dir", str(self.dir / "state"),
             "--log-level", "warning", "--verify-diffs", *self.extra],
            stdout=self.log, stderr=self.log)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"compd exited: {(self.dir / 'compd.log').read_text()}")
            probe = socket.socket(socket.AF_UNIX)
            try:
                probe.connect(self.socket)
                probe.sendall(b'{"jsonrpc":"2.0","id":1,"method":"daemon.ping"}\n')
                if probe.recv(4096):
                    return
            except OSError:
                time.sleep(0.02)
            finally:
                probe.close()
        pytest.fail("compd did not answer in 60 s")

    def kill(self) -> None:
        """Stops compd at once (SIGKILL), as a crash would; the socket file stays."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def cleanup(self) -> None:
        self.stop()
        self.log.close()
        shutil.rmtree(self.dir, ignore_errors=True)
        shutil.rmtree(self.plugins, ignore_errors=True)


def wait_for(condition: Callable[[], Any], seconds: float = 20.0) -> None:
    """Polls ``condition`` until it holds; fails the test after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.01)


def drop(client: Any) -> None:
    """Breaks a blocking client's connection from its side, as a network failure would."""
    client._sock.shutdown(socket.SHUT_RDWR)


@pytest.fixture(scope="session")
def daemon() -> Iterator[Daemon]:
    """A compd shared by the tests that do not stop it."""
    running = Daemon()
    running.start()
    yield running
    running.cleanup()


@pytest.fixture
def own_daemon() -> Iterator[Daemon]:
    """A compd of the test's own, which it may kill and start again."""
    running = Daemon()
    running.start()
    yield running
    running.cleanup()
