#!/usr/bin/env bash
# Release-mode micro-benchmark of the JSONRPC core (parse, serialize, dispatch of daemon.ping;
# parse, serialize and relay of a Login scene.open reply and a scene.changed).
# Compiles Sources/JSONRPC with the benchmark directly (no SwiftPM build), prints medians.
#
# A/B: BENCH_BASE=/path/to/other/checkout also compiles this benchmark against that tree's
# Sources/JSONRPC, runs the two alternately BENCH_ROUNDS times (default 3) and prints, per
# case, the median of each side and this tree's speed-up (base ns / this ns).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/.build/bench-jsonrpc"
mkdir -p "$out"
build() { # sources-root binary
  swiftc -O -parse-as-library -swift-version 6 -I "$1/Sources/CJSONC" \
    "$1"/Sources/JSONRPC/*.swift "$root/Benchmarks/JSONRPCDispatch/main.swift" \
    -module-name JSONRPCBench -ljson-c -o "$2"
}
build "$root" "$out/bench-jsonrpc"
if [ -z "${BENCH_BASE:-}" ]; then
  "$out/bench-jsonrpc"
  exit
fi
build "$BENCH_BASE" "$out/bench-jsonrpc-base"
rounds=${BENCH_ROUNDS:-3}
echo "A/B: this tree ($(git -C "$root" rev-parse --short HEAD)) vs $BENCH_BASE ($(git -C "$BENCH_BASE" rev-parse --short HEAD)), medians of $rounds alternating runs"
: >"$out/ab.txt"
for round in $(seq "$rounds"); do
  "$out/bench-jsonrpc-base" | grep ' ns/op' | sed "s/^/base|/" >>"$out/ab.txt"
  "$out/bench-jsonrpc" | grep ' ns/op' | sed "s/^/this|/" >>"$out/ab.txt"
done
# Lines are "side|<name padded to 40 columns><ns> ns/op   <n> op/s".
awk -F'|' '
  { name = substr($2, 1, 40); sub(/ +$/, "", name); split(substr($2, 41), f, " ")
    if (!(name in seen)) { seen[name] = 1; order[++n] = name }
    v[$1, name, ++c[$1, name]] = f[1] }
  function median(side, name,   k, m, i, j, t, a) {
    m = c[side, name]; for (i = 1; i <= m; i++) a[i] = v[side, name, i]
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return a[int((m + 1) / 2)] }
  END {
    printf "%-40s %10s %10s %8s\n", "case", "base ns", "this ns", "speed-up"
    for (i = 1; i <= n; i++) { b = median("base", order[i]); t = median("this", order[i])
      printf "%-40s %10d %10d %7.2fx\n", order[i], b, t, b / t } }' "$out/ab.txt"
