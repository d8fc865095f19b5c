#!/usr/bin/env bash
# Counts the instructions the broker and its scene hosts spend on the same scene events,
# under `valgrind --tool=callgrind --trace-children=yes`: compd with two hosts and demo.Login,
# BENCH_CLIENTS (100) SceneBench clients in a closed loop (type a character, tap login), the
# counters zeroed after BENCH_WARMUP (20) seconds and read BENCH_SECONDS (15) later. Prints
# the broker's instructions, the hosts', the ratio (the goal: at most 0.5) and, from
# SceneBench's events/s, about how many per event. With BENCH_BASELINE=DIR (another build's
# release directory) that build is counted the same way. BENCH_DUMPS=DIR keeps the callgrind
# dumps there (one per process; each names its command line), for a profile of where the
# instructions go.
#
# Why count: `make bench-scenes` times the CPU of each process, which on a shared machine
# moves by several percent between rounds; instructions do not. They leave out the kernel's
# share, which the broker, making more system calls per event than a host, has more of: the
# CPU ratio is higher than this one.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
. scripts/callgrind-server.sh
scripts/deps.sh valgrind socat
bin=$PWD/.build/release
for tool in compd SceneBench Login; do
  [ -e "$bin/$tool" ] || [ -e "$bin/lib$tool.so" ] || swift build -c release >/dev/null
done
clients=${BENCH_CLIENTS:-100}
warmup=${BENCH_WARMUP:-20}
seconds=${BENCH_SECONDS:-15}
# In the build directory: compd refuses plugins from directories others may write (/tmp).
mkdir -p .build
dir=$(mktemp -d "$PWD/.build/bench-scenes-instructions.XXXXXX")
chmod 755 "$dir"
trap 'rm -rf "$dir"' EXIT

# Counts the build in release directory $2 under the name $1; prints
# "broker hosts events/s".
count() {
  local name=$1 from=$2 run=$dir/$1
  mkdir -p "$run/plugins" "$run/state"
  callgrind_copy "$from" "$run/bin" libScreenKit.so libLogin.so
  ln -s "$run/bin/libLogin.so" "$run/plugins/libLogin.so"
  callgrind_start "$run/compd.log" "$run/compd.sock" --trace-children=yes \
    --callgrind-out-file="$run/callgrind.%p" "$run/bin/compd" --socket "$run/compd.sock" \
    --plugin-dir "$run/plugins" --state-dir "$run/state" --log-level warning --scene-hosts 2 \
    --max-scenes-per-client 10 --host-hang-timeout 120
  "$bin/SceneBench" --socket "$run/compd.sock" --mode events --clients "$clients" \
    --seconds $((seconds + 10)) --warmup "$warmup" --pid "$callgrind_server" \
    >"$run/scenebench.csv" &
  local load=$!
  sleep "$warmup"
  local pids
  pids=$(pgrep -f "callgrind-out-file=$run/" || true)
  for pid in $pids; do callgrind_control --zero "$pid" >/dev/null 2>&1 || true; done
  sleep "$seconds"
  for pid in $pids; do callgrind_control --dump "$pid" >/dev/null 2>&1 || true; done
  wait "$load"
  callgrind_stop
  local broker_count=0 hosts=0
  for dump in "$run"/callgrind.*.1; do
    local instructions
    instructions=$(awk '$1 == "summary:" { print $2 }' "$dump")
    # Each dump names its process's command line: the hosts are `compd --scene-host`.
    # (`--scene-host FD`; the broker's own command line has `--scene-hosts 2`).
    if grep -q "^cmd:.* --scene-host [0-9]" "$dump"; then
      hosts=$((hosts + instructions))
    else
      broker_count=$instructions
    fi
  done
  if [ -n "${BENCH_DUMPS:-}" ]; then
    mkdir -p "$BENCH_DUMPS/$name" && cp "$run"/callgrind.*.1 "$BENCH_DUMPS/$name/"
  fi
  [ "$broker_count" -gt 0 ] && [ "$hosts" -gt 0 ] ||
    { echo "bench-scenes-instructions: no counts for $name" >&2; ls "$run" >&2; exit 1; }
  echo "$broker_count $hosts $(cut -d, -f3 "$run/scenebench.csv")"
}

report() {
  echo "$2" | awk -v name="$1" -v s="$seconds" '{
    events = $3 * s
    printf "%-22s broker %6.0f k  hosts %6.0f k instructions per event (about %d events), broker / hosts %.3f\n",
      name, $1 / events / 1000, $2 / events / 1000, events, $1 / $2 }'
}
echo "compd scenes by instructions, demo.Login, $clients clients in a closed loop, ${seconds} s counted after ${warmup} s"
this=$(count this "$bin")
report "this build" "$this"
if [ -n "${BENCH_BASELINE:-}" ]; then
  base=$(count base "$(cd "$BENCH_BASELINE" && pwd)")
  report "baseline" "$base"
  echo "$this $base" | awk '{ printf "broker / hosts, this build / baseline: %.3f\n", ($1 / $2) / ($4 / $5) }'
fi
