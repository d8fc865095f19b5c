#!/bin/sh
# Layout benchmark: release build of SDK's LayoutBench, median full layout, one-leaf relayout
# and nothing-changed relayout per shape (issue 3). Arguments are passed on (shape names,
# --quick for fewer iterations).
set -eu
cd "$(dirname "$0")/.."
swift build --package-path SDK -c release --product LayoutBench
exec SDK/.build/release/LayoutBench "$@"
