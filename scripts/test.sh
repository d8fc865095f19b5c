#!/usr/bin/env bash
# Builds everything and runs every test suite; exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== ScreenKit (SDK package)"
swift test --package-path SDK -q
echo "== ScreenKit documentation (DocC; broken symbol links fail)"
scripts/docs.sh
echo "== compd (root package)"
# The process-level tests start the built compd and compctl executables. They run one at a
# time: dozens of daemons, plugin builds and vetting children at once on a small CI machine
# turn timing margins into failures, and serial is no slower here.
swift build -q
swift test -q --no-parallel
if [ -x scripts/fuzz.sh ]; then
  echo "== fuzz (short)"
  scripts/fuzz.sh short
fi
