#!/usr/bin/env bash
# Benchmarks scenes with the bundled Login plugin: 100 clients each driving its own Login
# scene (type one character, tap Login, in a loop): events/s and event→scene.changed latency,
# once as fast as compd answers (closed loop: saturated, latency is queueing) and once paced
# at BENCH_RATE events/s for all clients together (default 1000: 10 per client);
# the bytes of scene.changed for a one-character change; resident memory per open Login
# scene (1,000 scenes); what saving scenes costs: compd's CPU per event in the closed loop
# with scene persistence on and, in the same round, off (--persist-scenes false), and the
# time to restore 1,000 Login scenes at start (compd's own `scenes restored seconds=`,
# from opening the database to the last scene laid out and saved). Three rounds each,
# medians. Expects a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/release
for tool in compd SceneBench Login; do
  [ -e "$bin/$tool" ] || [ -e "$bin/lib$tool.so" ] || swift build -c release >/dev/null
done
clients=${BENCH_CLIENTS:-100}
rounds=${BENCH_ROUNDS:-3}
seconds=${BENCH_SECONDS:-3}
scenes=${BENCH_SCENES:-1000}
rate=${BENCH_RATE:-1000}
dir=$(mktemp -d /tmp/compd-bench-scenes.XXXXXX)
mkdir -p "$dir/plugins" "$dir/state"
ln -s "$PWD/$bin/libLogin.so" "$dir/plugins/libLogin.so"
pid=""
stop() { [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; pid=""; }
trap 'stop; rm -rf "$dir"' EXIT
start() {
  rm -f "$dir/compd.sock"
  "$bin/compd" --socket "$dir/compd.sock" --plugin-dir "$dir/plugins" --state-dir "$dir/state" \
    --log-level warning --max-scenes-per-client $((scenes + 10)) "$@" 2>>"$dir/compd.log" &
  pid=$!
  for _ in $(seq 200); do [ -S "$dir/compd.sock" ] && return; sleep 0.05; done
  echo "bench-scenes: compd did not start:" >&2; cat "$dir/compd.log" >&2; exit 1
}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

: >"$dir/events"; : >"$dir/paced"; : >"$dir/bytes"; : >"$dir/memory"; : >"$dir/unsaved"
: >"$dir/restore"
closed_loop() {  # closed_loop OUTPUT [compd flags...]
  local output=$1; shift
  rm -rf "$dir/state"
  start "$@"
  "$bin/SceneBench" --socket "$dir/compd.sock" --mode events --clients "$clients" \
    --seconds "$seconds" --warmup 1 --pid "$pid" >>"$output"
  stop
}
for round in $(seq "$rounds"); do
  # Saving off and on one after the other, in alternating order so neither always goes
  # first; the last one keeps running for the paced and bytes measurements.
  if [ $((round % 2)) -eq 1 ]; then
    closed_loop "$dir/unsaved" --persist-scenes false
    rm -rf "$dir/state"
    start
    "$bin/SceneBench" --socket "$dir/compd.sock" --mode events --clients "$clients" \
      --seconds "$seconds" --warmup 1 --pid "$pid" >>"$dir/events"
  else
    closed_loop "$dir/events"
    start --persist-scenes false
    "$bin/SceneBench" --socket "$dir/compd.sock" --mode events --clients "$clients" \
      --seconds "$seconds" --warmup 1 --pid "$pid" >>"$dir/unsaved"
  fi
  "$bin/SceneBench" --socket "$dir/compd.sock" --mode events --clients "$clients" \
    --seconds "$seconds" --warmup 1 --rate "$rate" >>"$dir/paced"
  "$bin/SceneBench" --socket "$dir/compd.sock" --mode bytes >>"$dir/bytes" 2>/dev/null
  stop
  rm -rf "$dir/state"
  start
  "$bin/SceneBench" --socket "$dir/compd.sock" --mode memory --scenes "$scenes" --pid "$pid" >>"$dir/memory"
  stop
  : >"$dir/compd.log"
  start --log-level notice
  sed -n 's/.*scenes restored .*restored=\([0-9]*\) .*seconds=\([0-9.]*\).*/\1,\2/p' \
    "$dir/compd.log" >>"$dir/restore"
  stop
  rm -rf "$dir/state"
done
throughput=$(cut -d, -f3 "$dir/events" | median)
p50=$(cut -d, -f4 "$dir/events" | median)
p99=$(cut -d, -f5 "$dir/events" | median)
paced_rate=$(cut -d, -f3 "$dir/paced" | median)
paced_p50=$(cut -d, -f4 "$dir/paced" | median)
paced_p99=$(cut -d, -f5 "$dir/paced" | median)
bytes=$(cut -d, -f2 "$dir/bytes" | median)
kib=$(cut -d, -f3 "$dir/memory" | median)
cpu_saved=$(cut -d, -f6 "$dir/events" | median)
cpu_unsaved=$(cut -d, -f6 "$dir/unsaved" | median)
throughput_unsaved=$(cut -d, -f3 "$dir/unsaved" | median)
overhead=$(awk -v a="$cpu_saved" -v b="$cpu_unsaved" 'BEGIN { printf "%+.1f", (a - b) / b * 100 }')
restored=$(cut -d, -f1 "$dir/restore" | median)
restore_seconds=$(cut -d, -f2 "$dir/restore" | median)
echo "compd scenes, demo.Login, medians of $rounds rounds"
printf '%-44s %s\n' "clients driving their own scene" "$clients"
printf '%-44s %s\n' "closed loop: events/s (type + tap)" "$throughput"
printf '%-46s %s ms / %s ms\n' "closed loop: event→scene.changed p50 / p99" "$p50" "$p99"
printf '%-44s %s (asked %s)\n' "paced: events/s" "$paced_rate" "$rate"
printf '%-46s %s ms / %s ms   (goal: p99 < 2 ms)\n' "paced: event→scene.changed p50 / p99" "$paced_p50" "$paced_p99"
printf '%-44s %s bytes   (goal: < 300)\n' "scene.changed for a one-character change" "$bytes"
printf '%-44s %s KiB   (goal: < 100 KB)\n' "resident memory per open Login scene" "$kib"
printf '%-44s %s\n' "closed loop, persistence off: events/s" "$throughput_unsaved"
printf '%-44s %s µs / %s µs (%s%%, goal: < +10%%)\n' "compd CPU per event, saving on / off" \
  "$cpu_saved" "$cpu_unsaved" "$overhead"
printf '%-44s %s s for %s scenes   (goal: < 1 s)\n' "restore at start" "$restore_seconds" "$restored"
