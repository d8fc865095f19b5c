#!/usr/bin/env bash
# The web client's latencies in headless Chromium against the release compd and compd-web:
# page load -> first Login frame painted, keystroke -> its scene.changed painted (medians).
# Figures are printed and written to test-artifacts/web/benchmark.json.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
swift build -c release -q
COMPD_BUILD_DIR="$PWD/.build/release" python3 -m pytest -q -s Tests/web -k benchmark
