#!/usr/bin/env bash
# The web client's latencies in headless Chromium against the release compd and compd-web:
# page load -> first Login frame painted, keystroke -> its scene.changed painted (medians
# over BENCH_LOADS page loads, default 7, 8 keystrokes each). Figures are printed and
# written to test-artifacts/web/benchmark.json.
# BASE_DIR=DIR (a checkout of another commit with its release build) measures that build's
# compd, gateway and web client in the same run, its page loads alternating with this
# build's: an A/B. Then each side's measured load follows two loads of its own page (as in
# a series of reloads); the first frame of the first of them, which comes from the other
# side's page (another origin), is reported apart, "from another origin".
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
swift build -c release -q
if [ -n "${BASE_DIR:-}" ]; then
  base=$(cd "$BASE_DIR" && pwd)/.build/release
  [ -x "$base/compd-web" ] || { echo "no release build in $base" >&2; exit 1; }
  export COMPD_BASE_BUILD_DIR="$base"
fi
COMPD_BUILD_DIR="$PWD/.build/release" python3 -m pytest -q -s Tests/web -k benchmark |
  grep '^web client'
