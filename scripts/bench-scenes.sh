#!/usr/bin/env bash
# Benchmarks scenes with the bundled Login plugin: 100 clients each driving its own Login
# scene (type one character, tap Login, in a loop): events/s and event→scene.changed latency,
# once as fast as compd answers (closed loop: saturated, latency is queueing) and once paced
# at BENCH_RATE events/s for all clients together (default 1000: 10 per client);
# the bytes of scene.changed for a one-character change; resident memory per open Login
# scene (1,000 scenes; compd and its scene hosts together); CPU per event, compd's own
# (the broker) and its scene hosts', from /proc/PID/stat, with scene persistence on and, in
# the same round, off (--persist-scenes false); the resident memory of each scene host; the
# time to restore 1,000 Login scenes at start (compd's own `scenes restored seconds=`, from
# opening the database to the last scene laid out and saved); and the time from a scene
# host's SIGKILL to every subscriber of its BENCH_RECOVERY_SCENES (10) Login scenes holding
# the restored tree (SceneBench --mode recovery, compd run with --scene-hosts 1).
#
# BENCH_BASELINE=/path/.build/release (another checkout's release build) measures that
# compd too, with its own libLogin.so, alternating this build and the baseline in every
# round (A B A B …), and prints both medians and their ratio. Figures that need scene hosts
# are measured for whichever build has them. Three rounds each, medians. Expects release
# builds.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$PWD/.build/release
for tool in compd SceneBench Login; do
  [ -e "$bin/$tool" ] || [ -e "$bin/lib$tool.so" ] || swift build -c release >/dev/null
done
baseline=${BENCH_BASELINE:-}
if [ -n "$baseline" ]; then
  baseline=$(cd "$baseline" && pwd)
  for file in compd libLogin.so; do
    [ -e "$baseline/$file" ] || { echo "bench-scenes: no $baseline/$file" >&2; exit 1; }
  done
fi
clients=${BENCH_CLIENTS:-100}
rounds=${BENCH_ROUNDS:-3}
seconds=${BENCH_SECONDS:-3}
scenes=${BENCH_SCENES:-1000}
rate=${BENCH_RATE:-1000}
recovery_scenes=${BENCH_RECOVERY_SCENES:-10}
# In the build directory: compd refuses plugins from directories others may write (/tmp).
mkdir -p .build
dir=$(mktemp -d "$PWD/.build/bench-scenes.XXXXXX")
chmod 755 "$dir"
mkdir -p "$dir/state"
pid=""
stop() { [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; pid=""; }
trap 'stop; [ -n "${BENCH_KEEP:-}" ] || rm -rf "$dir"' EXIT
builds=(new)
declare -A binary=([new]=$bin)
if [ -n "$baseline" ]; then builds+=(baseline); binary[baseline]=$baseline; fi
for build in "${builds[@]}"; do
  mkdir -p "$dir/plugins-$build"
  ln -s "${binary[$build]}/libLogin.so" "$dir/plugins-$build/libLogin.so"
  for measure in events paced bytes memory unsaved restore recovery; do
    : >"$dir/$build.$measure"
  done
done
build=new
start() {
  rm -f "$dir/compd.sock"
  "${binary[$build]}/compd" --socket "$dir/compd.sock" --plugin-dir "$dir/plugins-$build" \
    --state-dir "$dir/state" --log-level warning --max-scenes-per-client $((scenes + 10)) \
    "$@" 2>>"$dir/compd.log" &
  pid=$!
  for _ in $(seq 200); do [ -S "$dir/compd.sock" ] && return; sleep 0.05; done
  echo "bench-scenes: compd did not start:" >&2; cat "$dir/compd.log" >&2; exit 1
}
# (Not `| grep -q`: under pipefail, compd's SIGPIPE when grep stops reading early fails it.)
has_hosts() { [[ $("${binary[$build]}/compd" --help 2>&1) == *scene-hosts* ]]; }
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
scenebench() { "$bin/SceneBench" --socket "$dir/compd.sock" "$@"; }
events() {  # events OUTPUT: the closed loop against the running compd
  scenebench --mode events --clients "$clients" --seconds "$seconds" --warmup 1 --pid "$pid" >>"$1"
}
closed_loop() {  # closed_loop OUTPUT [compd flags...]
  local output=$1; shift
  rm -rf "$dir/state"
  start "$@"
  events "$output"
  stop
}

# One round of every measurement against $build.
measure() {
  local out=$dir/$build
  # Saving off and on one after the other, in alternating order so neither always goes
  # first; the last one keeps running for the paced and bytes measurements.
  if [ $((round % 2)) -eq 1 ]; then
    closed_loop "$out.unsaved" --persist-scenes false
    rm -rf "$dir/state"
    start
    events "$out.events"
  else
    closed_loop "$out.events"
    start --persist-scenes false
    events "$out.unsaved"
  fi
  scenebench --mode events --clients "$clients" --seconds "$seconds" --warmup 1 \
    --rate "$rate" >>"$out.paced"
  scenebench --mode bytes >>"$out.bytes" 2>/dev/null
  stop
  rm -rf "$dir/state"
  start
  scenebench --mode memory --scenes "$scenes" --pid "$pid" >>"$out.memory"
  stop
  : >"$dir/compd.log"
  start --log-level notice
  sed -n 's/.*scenes restored .*restored=\([0-9]*\) .*seconds=\([0-9.]*\).*/\1,\2/p' \
    "$dir/compd.log" >>"$out.restore"
  stop
  rm -rf "$dir/state"
  if has_hosts; then
    start --scene-hosts 1
    scenebench --mode recovery --scenes "$recovery_scenes" >>"$out.recovery"
    stop
    rm -rf "$dir/state"
  fi
}

for round in $(seq "$rounds"); do
  for build in "${builds[@]}"; do measure; done
done

# figure BUILD FILE FIELD: the median of one CSV field over the rounds (empty when none).
figure() { [ -s "$dir/$1.$2" ] && cut -d, -f"$3" "$dir/$1.$2" | grep . | median || true; }
row() {  # row LABEL FILE FIELD UNIT: this build, and the baseline with the ratio
  local label=$1 file=$2 field=$3 unit=$4 a b
  a=$(figure new "$file" "$field")
  if [ -n "$baseline" ]; then
    b=$(figure baseline "$file" "$field")
    if [ -n "$a" ] && [ -n "$b" ]; then
      printf '%-54s %12s %12s %8s\n' "$label" "$a$unit" "$b$unit" \
        "$(awk -v a="$a" -v b="$b" 'BEGIN { if (b == 0) print "-"; else printf "%.2f", a / b }')"
    else
      printf '%-54s %12s %12s %8s\n' "$label" "${a:-–}${a:+$unit}" "${b:-–}${b:+$unit}" "–"
    fi
  else
    printf '%-54s %12s\n' "$label" "${a:-–}${a:+$unit}"
  fi
}
echo "compd scenes, demo.Login, $clients clients, medians of $rounds rounds"
if [ -n "$baseline" ]; then
  printf '%-54s %12s %12s %8s\n' "measure" "this build" "baseline" "ratio"
fi
row "closed loop: events/s (type + tap)" events 3 ""
row "closed loop: event→scene.changed p50" events 4 " ms"
row "closed loop: event→scene.changed p99" events 5 " ms"
row "paced ($rate events/s): events/s" paced 3 ""
row "paced: event→scene.changed p50" paced 4 " ms"
row "paced: event→scene.changed p99 (goal < 2)" paced 5 " ms"
row "scene.changed, one character (goal < 300)" bytes 2 " B"
row "memory per open Login scene (goal < 100)" memory 3 " KiB"
row "CPU per event: compd (broker), saving on" events 6 " µs"
row "CPU per event: scene hosts, saving on" events 7 " µs"
row "CPU per event: compd (broker), saving off" unsaved 6 " µs"
row "CPU per event: scene hosts, saving off" unsaved 7 " µs"
row "closed loop, saving off: events/s" unsaved 3 ""
row "resident memory per scene host" events 8 " KiB"
row "scene hosts" events 9 ""
row "restore $scenes scenes at start (goal < 1)" restore 2 " s"
row "host SIGKILL → $recovery_scenes subscribers restored (goal < 300)" recovery 3 " ms"
row "host SIGKILL → median subscriber restored" recovery 4 " ms"
# What saving scenes costs: all of compd's CPU (broker and hosts) per event, on against off.
for build in "${builds[@]}"; do
  on=$(awk -F, '$6 != "" { print $6 + $7 }' "$dir/$build.events" | median)
  off=$(awk -F, '$6 != "" { print $6 + $7 }' "$dir/$build.unsaved" | median)
  printf '%-54s %s µs / %s µs (%s%%, goal: < +10%%)\n' "CPU per event in all, saving on / off ($build)" \
    "$on" "$off" "$(awk -v a="$on" -v b="$off" 'BEGIN { printf "%+.1f", (a - b) / b * 100 }')"
done
