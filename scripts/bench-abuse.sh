#!/usr/bin/env bash
# Read-only abuse against a release compd: peak and after-burst RSS and a well-behaved
# client's latency (scripts/bench-abuse.py). BASE_BIN=DIR also runs the compd in DIR (a
# release build of another commit, with its libLogin.so) in the same run, for an A/B.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/release
[ -x "$bin/compd" ] && [ -f "$bin/libLogin.so" ] || swift build -c release >/dev/null
rounds=${BENCH_ROUNDS:-3}
python3 scripts/bench-abuse.py "$bin/compd" "$bin" "$rounds"
if [ -n "${BASE_BIN:-}" ]; then
  python3 scripts/bench-abuse.py "$BASE_BIN/compd" "$BASE_BIN" "$rounds"
fi
