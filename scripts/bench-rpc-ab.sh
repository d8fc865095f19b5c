#!/usr/bin/env bash
# A/B of compd's daemon.ping throughput (`BASE_DIR=DIR make bench-rpc` runs it): the compd of
# this tree's release build (B) against the one of BASE_DIR (A, a checkout of another commit
# with its release build), both on Unix sockets with 50 connections at pipeline depth 1 and
# 16, rounds alternating A and B in the same run so that both see the same load. Prints the medians and the ratio B/A, of requests/s and of the CPU
# time compd spent per request (user + system, from /proc; steadier than requests/s on a
# shared machine). Expects release builds.
# BENCH_ROUNDS (default 5) and BENCH_SECONDS (default 3) set the rounds per side and their
# length; COMPD_ARGS the daemon's options (by default it serves its clients on its main thread).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${BASE_DIR:-}" ] || { echo "usage: BASE_DIR=DIR scripts/bench-rpc-ab.sh" >&2; exit 1; }
base=$(cd "$BASE_DIR" && pwd)/.build/release
bin=.build/release
for tool in compd RPCBench; do
  [ -x "$bin/$tool" ] || swift build -c release --product "$tool" >/dev/null
done
[ -x "$base/compd" ] || { echo "bench-rpc-ab: no release build in $base" >&2; exit 1; }

connections=50
rounds=${BENCH_ROUNDS:-5}
seconds=${BENCH_SECONDS:-3}
dir=$(mktemp -d /tmp/compd-bench-ab.XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; done
  rm -rf "$dir"
}
trap cleanup EXIT

# Each build with its default threads (COMPD_ARGS adds flags to both).
read -r -a compd_args <<<"${COMPD_ARGS:-}"
for side in a b; do
  binary=$([ $side = a ] && echo "$base/compd" || echo "$bin/compd")
  "$binary" --socket "$dir/$side.sock" --log-level warning "${compd_args[@]}" 2>"$dir/$side.log" &
  pids+=($!)
done
for _ in $(seq 100); do
  [ -S "$dir/a.sock" ] && [ -S "$dir/b.sock" ] && break
  sleep 0.1
done
for side in a b; do
  [ -S "$dir/$side.sock" ] || { echo "bench-rpc-ab: compd $side did not start:" >&2; cat "$dir/$side.log" >&2; exit 1; }
done

# CPU time of process $1 so far, in clock ticks.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
ticks_per_second=$(getconf CLK_TCK)

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "A: $base/compd  B: $bin/compd  (${compd_args[*]}), $connections connections, medians of $rounds alternating rounds"
printf '%-2s %3s %12s %9s %9s %12s\n' "" P "requests/s" "p50 ms" "p99 ms" "cpu µs/req"
for pipeline in 1 16; do
  : >"$dir/a.csv"
  : >"$dir/b.csv"
  for _ in $(seq "$rounds"); do
    for side in a b; do
      pid=${pids[$([ $side = a ] && echo 0 || echo 1)]}
      before=$(cpu_ticks "$pid")
      line=$("$bin/RPCBench" --socket "$dir/$side.sock" --connections $connections \
        --pipeline $pipeline --seconds "$seconds" --warmup 1)
      after=$(cpu_ticks "$pid")
      # The CPU time covers the 1 s warm-up too, at about the same rate.
      echo "$line" | awk -F, -v t=$((after - before)) -v hz="$ticks_per_second" -v s="$seconds" \
        '{ printf "%s,%.3f\n", $0, t / hz * 1e6 / ($4 * (s + 1)) }' >>"$dir/$side.csv"
    done
  done
  for side in a b; do
    rps=$(cut -d, -f4 "$dir/$side.csv" | median)
    p50=$(cut -d, -f5 "$dir/$side.csv" | median)
    p99=$(cut -d, -f6 "$dir/$side.csv" | median)
    cpu=$(cut -d, -f7 "$dir/$side.csv" | median)
    printf '%-2s %3d %12.0f %9.3f %9.3f %12.2f\n' "$(echo $side | tr ab AB)" $pipeline "$rps" "$p50" "$p99" "$cpu"
    eval "${side}_rps=$rps ${side}_cpu=$cpu"
  done
  awk -v a="$a_rps" -v b="$b_rps" -v ac="$a_cpu" -v bc="$b_cpu" -v p=$pipeline \
    'BEGIN { printf "ratio B/A at pipeline %d: %.3f requests/s, %.3f CPU per request\n", p, b / a, bc / ac }'
done
