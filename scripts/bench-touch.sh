#!/usr/bin/env bash
# Benchmarks dragging: BENCH_CLIENTS (100) clients each open their own demo.Playground
# (the Gallery plugin) and drag its card with a `touch moved` every BENCH_INTERVAL_MS (8)
# milliseconds each, paced (1,000 moves/s in all by default), for BENCH_SECONDS (5) after
# a second of warm-up: move → scene.changed latency p50/p99 and the bytes of scene.changed
# per move (SceneBench --mode touch, Benchmarks/SceneBench/TouchBench.swift). BENCH_ROUNDS
# (5) rounds, each against a fresh compd; medians. Expects a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$PWD/.build/release
for tool in compd SceneBench Gallery; do
  [ -e "$bin/$tool" ] || [ -e "$bin/lib$tool.so" ] || swift build -c release >/dev/null
done
clients=${BENCH_CLIENTS:-100}
rounds=${BENCH_ROUNDS:-5}
seconds=${BENCH_SECONDS:-5}
interval=${BENCH_INTERVAL_MS:-8}
# In the build directory: compd refuses plugins from directories others may write (/tmp).
mkdir -p .build
dir=$(mktemp -d "$PWD/.build/bench-touch.XXXXXX")
chmod 755 "$dir"
mkdir -p "$dir/plugins" "$dir/state"
ln -s "$bin/libGallery.so" "$dir/plugins/libGallery.so"
pid=""
stop() { [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; pid=""; }
trap 'stop; [ -n "${BENCH_KEEP:-}" ] || rm -rf "$dir"' EXIT
start() {
  rm -f "$dir/compd.sock"
  rm -rf "$dir/state"
  "$bin/compd" --socket "$dir/compd.sock" --plugin-dir "$dir/plugins" --state-dir "$dir/state" \
    --log-level warning --max-scenes-per-client 10 "$@" 2>>"$dir/compd.log" &
  pid=$!
  for _ in $(seq 200); do [ -S "$dir/compd.sock" ] && return; sleep 0.05; done
  echo "bench-touch: compd did not start:" >&2; cat "$dir/compd.log" >&2; exit 1
}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
: >"$dir/touch"
for _ in $(seq "$rounds"); do
  start
  "$bin/SceneBench" --socket "$dir/compd.sock" --mode touch --clients "$clients" \
    --seconds "$seconds" --warmup 1 --interval-ms "$interval" | tee -a "$dir/touch" >&2
  stop
done
figure() { cut -d, -f"$1" "$dir/touch" | median; }
rate=$(awk -v c="$clients" -v i="$interval" 'BEGIN { printf "%d", c * 1000 / i }')
echo "compd touch drags, demo.Playground, $clients clients, a move every $interval ms each" \
  "($rate moves/s in all), medians of $rounds rounds"
printf '%-50s %12s\n' "moves/s sent" "$(figure 3)"
printf '%-50s %12s\n' "move→scene.changed p50" "$(figure 4) ms"
printf '%-50s %12s\n' "move→scene.changed p99 (goal < 5)" "$(figure 5) ms"
printf '%-50s %12s\n' "scene.changed bytes per move (goal < 200)" "$(figure 6) B"
printf '%-50s %12s\n' "moves that changed nothing" "$(figure 7)"
