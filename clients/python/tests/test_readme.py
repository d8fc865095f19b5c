"""The example in clients/python/README.md works as pasted."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path


def test_readme_example_runs(daemon):
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    example = re.search(r"```python\n(.*?)```", readme, re.S).group(1)
    assert len(example.strip().splitlines()) <= 10
    result = subprocess.run([sys.executable, "-c", example], capture_output=True, text=True,
                            env=dict(os.environ, COMPD_SOCKET=daemon.socket), timeout=60)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Emitted(name='login', payload={'hasPassword': True, 'username': 'ann'})"
    assert lines[1].startswith("button Frame(x=")
    assert lines[1].endswith(" Login")


def test_readme_list_example_runs(daemon):
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    example = re.findall(r"```python\n(.*?)```", readme, re.S)[1]
    assert "demo.Contacts" in example
    result = subprocess.run([sys.executable, "-c", example], capture_output=True, text=True,
                            env=dict(os.environ, COMPD_SOCKET=daemon.socket), timeout=60)
    assert result.returncode == 0, result.stderr
    count, deleted = result.stdout.splitlines()
    assert count == "100000 18"
    assert re.fullmatch(r"Emitted\(name='deleted', payload=\{'id': \d+\}\)", deleted)
