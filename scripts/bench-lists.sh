#!/usr/bin/env bash
# Benchmarks lists with the bundled demo.Contacts: for 1,000, 100,000 and 1,000,000 people
# (BENCH_ROWS), the scene.open reply's bytes and nodes, a fling of BENCH_STEPS (200) scroll
# events of BENCH_STEP_POINTS (320) points each, timed from each event's send to its
# scene.changed (p50, p99), and the scene hosts' resident memory per further scene
# (BENCH_SCENES, 3), and the hosts' CPU time per scroll (which a busy machine's waiting does
# not inflate). BENCH_ROUNDS (3) rounds, the row counts alternating in each round;
# prints every round and the medians. Expects a release build (builds one when missing).
# BENCH_BASELINE=/path/.build/release (another checkout's release build, with compd and
# libContacts.so) measures that build too, alternating it with this one in every round.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$PWD/.build/release
for tool in compd SceneBench Contacts; do
  [ -e "$bin/$tool" ] || [ -e "$bin/lib$tool.so" ] || swift build -c release >/dev/null
done
rows_list=(${BENCH_ROWS:-1000 100000 1000000})
rounds=${BENCH_ROUNDS:-3}
steps=${BENCH_STEPS:-200}
step_points=${BENCH_STEP_POINTS:-320}
scenes=${BENCH_SCENES:-3}
# In the build directory: compd refuses plugins from directories others may write (/tmp).
mkdir -p .build
dir=$(mktemp -d "$PWD/.build/bench-lists.XXXXXX")
chmod 755 "$dir"
mkdir -p "$dir/state" "$dir/plugins"
baseline=${BENCH_BASELINE:-}
builds=(new)
declare -A binary=([new]=$bin)
if [ -n "$baseline" ]; then
  baseline=$(cd "$baseline" && pwd)
  for file in compd libContacts.so; do
    [ -e "$baseline/$file" ] || { echo "bench-lists: no $baseline/$file" >&2; exit 1; }
  done
  builds+=(baseline)
  binary[baseline]=$baseline
fi
pid=""
stop() { [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; pid=""; }
trap 'stop; rm -rf "$dir"' EXIT
start() {
  rm -f "$dir/compd.sock" "$dir/plugins/libContacts.so"
  ln -s "${binary[$build]}/libContacts.so" "$dir/plugins/libContacts.so"
  "${binary[$build]}/compd" --socket "$dir/compd.sock" --plugin-dir "$dir/plugins" --state-dir "$dir/state" \
    --persist-scenes false >"$dir/compd.log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do [ -S "$dir/compd.sock" ] && return; sleep 0.1; done
  echo "bench-lists: compd did not start" >&2; cat "$dir/compd.log" >&2; exit 1
}
echo "build,rows,open bytes,open nodes,scroll p50 ms,scroll p99 ms,host KiB per scene,host µs CPU per scroll"
for round in $(seq "$rounds"); do
  for rows in "${rows_list[@]}"; do
    for build in "${builds[@]}"; do
      # A fresh compd per measurement: each one's hosts start from the same memory.
      start
      line=$("$bin/SceneBench" --socket "$dir/compd.sock" --mode lists --rows "$rows" \
        --steps "$steps" --step-points "$step_points" --scenes "$scenes")
      echo "$build,${line#lists,}" | tee -a "$dir/results"
      stop
    done
  done
done
echo "medians:"
python3 - "$dir/results" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    fields = line.strip().split(",")
    rows.setdefault((fields[0], int(fields[1])), []).append([float(f) for f in fields[2:]])
for (build, count), samples in sorted(rows.items(), key=lambda item: (item[0][1], item[0][0])):
    columns = list(zip(*samples))
    values = [statistics.median(c) for c in columns]
    print(f"{build:>8} {count:>9} rows: reply {values[0]:.0f} bytes, {values[1]:.0f} nodes; "
          f"scroll p50 {values[2]:.3f} ms, p99 {values[3]:.3f} ms; {values[4]:.0f} KiB per scene; "
          f"host CPU {values[5]:.1f} µs per scroll")
PY
