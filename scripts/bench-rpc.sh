#!/usr/bin/env bash
# Benchmarks compd's daemon.ping against redis-server's PING_INLINE, both on Unix sockets,
# with 50 connections at pipeline depth 1 and 16. Each setting runs three rounds
# (alternating compd and redis) and reports the medians. Expects a release build.
# BASE_DIR=DIR (a checkout of another commit with its release build) compares that build's
# compd with this one's instead, in the same run (scripts/bench-rpc-ab.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${BASE_DIR:-}" ]; then exec scripts/bench-rpc-ab.sh; fi
scripts/deps.sh redis-server redis-tools
bin=.build/release
for tool in compd RPCBench; do
  [ -x "$bin/$tool" ] || swift build -c release --product "$tool" >/dev/null
done

connections=50
rounds=${BENCH_ROUNDS:-3}
seconds=${BENCH_SECONDS:-3}
dir=$(mktemp -d /tmp/compd-bench.XXXXXX)
compd_pid=""
redis_pid=""
cleanup() {
  [ -n "$compd_pid" ] && kill "$compd_pid" 2>/dev/null && wait "$compd_pid" 2>/dev/null
  [ -n "$redis_pid" ] && kill "$redis_pid" 2>/dev/null && wait "$redis_pid" 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT

# redis-server serves from one thread; so does compd by default, its main thread
# (COMPD_ARGS adds flags, e.g. COMPD_ARGS="--io-threads 2").
read -r -a compd_args <<<"${COMPD_ARGS:-}"
echo "compd ${compd_args[*]} vs redis-server $(redis-server --version | awk '{print $3}'), $connections connections, medians of $rounds rounds"
"$bin/compd" --socket "$dir/compd.sock" --log-level warning "${compd_args[@]}" 2>"$dir/compd.log" &
compd_pid=$!
redis-server --port 0 --unixsocket "$dir/redis.sock" --unixsocketperm 700 --save '' \
  --appendonly no --daemonize no --loglevel warning >"$dir/redis.log" 2>&1 &
redis_pid=$!
for _ in $(seq 100); do
  [ -S "$dir/compd.sock" ] && [ -S "$dir/redis.sock" ] && break
  sleep 0.1
done
[ -S "$dir/compd.sock" ] || { echo "bench-rpc: compd did not start:" >&2; cat "$dir/compd.log" >&2; exit 1; }
[ -S "$dir/redis.sock" ] || { echo "bench-rpc: redis-server did not start:" >&2; cat "$dir/redis.log" >&2; exit 1; }

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

printf '%-6s %3s %3s %12s %9s %9s\n' server c P "requests/s" "p50 ms" "p99 ms"
for pipeline in 1 16; do
  : >"$dir/ours" ; : >"$dir/redis"
  # redis-benchmark runs a fixed number of requests; size it to about $seconds seconds.
  requests=$((pipeline == 1 ? 100000 * seconds : 800000 * seconds))
  for _ in $(seq "$rounds"); do
    "$bin/RPCBench" --socket "$dir/compd.sock" --connections $connections --pipeline $pipeline \
      --seconds "$seconds" --warmup 1 >>"$dir/ours"
    # CSV: "test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms","p95_latency_ms","p99_latency_ms","max_latency_ms"
    redis-benchmark -s "$dir/redis.sock" -t ping_inline -c $connections -P $pipeline -n $requests --csv \
      | tr -d '"' | awk -F, '$1 == "PING_INLINE" { print "redis," '$connections' "," '$pipeline' "," $2 "," $5 "," $7 }' >>"$dir/redis"
  done
  for server in ours redis; do
    rps=$(cut -d, -f4 "$dir/$server" | median)
    p50=$(cut -d, -f5 "$dir/$server" | median)
    p99=$(cut -d, -f6 "$dir/$server" | median)
    name=$([ $server = ours ] && echo compd || echo redis)
    printf '%-6s %3d %3d %12.0f %9.3f %9.3f\n' "$name" $connections $pipeline "$rps" "$p50" "$p99"
    eval "${server}_rps=$rps"
  done
  awk -v a="$ours_rps" -v b="$redis_rps" -v p=$pipeline \
    'BEGIN { printf "ratio compd/redis at pipeline %d: %.2fx requests/s\n", p, a / b }'
done
