#!/usr/bin/env bash
# Builds everything and runs every test suite; exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== ScreenKit (SDK package)"
swift test --package-path SDK/ScreenKit -q
echo "== ScreenKit documentation (DocC; broken symbol links fail)"
scripts/docs.sh
echo "== compd (root package)"
# The process-level tests start the built compd and compctl executables. They run one at a
# time: dozens of daemons, plugin builds and vetting children at once on a small CI machine
# turn timing margins into failures, and serial is no slower here.
swift build -q
swift test -q --no-parallel
echo "== web client in headless Chromium (Tests/web)"
python3 -m pytest -q -s Tests/web
if [ -x scripts/fuzz.sh ]; then
  echo "== fuzz (short)"
  scripts/fuzz.sh short
fi
echo "== Python client (clients/python, installed into a venv)"
# The tests import the installed package, as its users do; the venv is kept between runs.
venv=.build/python-venv
[ -x "$venv/bin/python" ] || python3 -m venv --system-site-packages "$venv"
"$venv/bin/python" -c 'import pytest' 2>/dev/null || "$venv/bin/pip" install -q pytest
# setuptools before 70.1 needs wheel to build a wheel without build isolation.
"$venv/bin/python" -c 'import wheel' 2>/dev/null || "$venv/bin/pip" install -q wheel
rm -rf clients/python/build  # setuptools would reuse stale files from it
"$venv/bin/pip" install -q --no-build-isolation --no-deps --force-reinstall clients/python
(cd clients/python/tests && "../../../$venv/bin/python" -m pytest -q -p no:cacheprovider .)
