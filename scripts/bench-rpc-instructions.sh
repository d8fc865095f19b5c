#!/usr/bin/env bash
# Counts the instructions a server spends per pipelined ping, under
# `valgrind --tool=callgrind`: compd's daemon.ping and redis-server's inline PING, both driven
# by RPCBench over Unix sockets (50 connections, pipeline depth 16, BENCH_BURSTS bursts per
# connection, default 20: 16,000 requests), after a warm-up run whose instructions are not
# counted. With BASE_DIR=DIR (another checkout with its release build) that build's compd is
# counted too. Prints instructions per request and the ratios.
#
# Why count: on a shared machine requests/s move by ±10% between rounds of the same build, so
# a change worth a few percent cannot be seen by timing (`make bench-rpc`). Instructions are
# the same from run to run within about 1%, and a server that runs fewer per request serves
# more requests on the same core: the ratio of the two servers' counts follows the ratio of
# their requests/s at depth 16 (the system calls per burst are the same: one read, one
# write). What counting leaves out is the kernel's share and the cost of cache misses.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
. scripts/callgrind-server.sh
scripts/deps.sh valgrind socat redis-server redis-tools
bin=.build/release
for tool in compd RPCBench; do
  [ -x "$bin/$tool" ] || swift build -c release --product "$tool" >/dev/null
done
bursts=${BENCH_BURSTS:-20}
connections=50
pipeline=16
dir=$(mktemp -d /tmp/compd-bench-instructions.XXXXXX)
trap 'rm -rf "$dir"' EXIT

# Instructions per request of the server `$@` (its command, after socket $1 and protocol $2).
count() {
  local socket=$1 protocol=$2
  shift 2
  rm -f "$dir"/callgrind.*
  callgrind_start "$dir/server.log" "$socket" --callgrind-out-file="$dir/callgrind.out" "$@"
  run() {
    "$bin/RPCBench" --socket "$socket" --protocol "$protocol" --connections $connections \
      --pipeline $pipeline --bursts "$1"
  }
  run 3 >/dev/null
  callgrind_control --zero "$callgrind_server" >/dev/null 2>&1
  local requests
  requests=$(run "$bursts" | cut -d, -f7)
  [ "$requests" -gt 0 ] || { echo "bench-rpc-instructions: no requests answered" >&2; exit 1; }
  callgrind_control --dump "$callgrind_server" >/dev/null 2>&1
  callgrind_stop
  awk -v requests="$requests" '$1 == "summary:" { printf "%.0f\n", $2 / requests }' "$dir/callgrind.out.1"
}

# The compd of release directory $2, copied for valgrind under the name $1.
stripped() {
  callgrind_copy "$2" "$dir/$1" libScreenKit.so
  echo "$dir/$1/compd"
}
compd_count() {
  rm -f "$dir/compd.sock"
  count "$dir/compd.sock" jsonrpc "$1" --socket "$dir/compd.sock" --log-level warning
}

this=$(compd_count "$(stripped this "$bin")")
redis=$(count "$dir/redis.sock" redis redis-server --port 0 --unixsocket "$dir/redis.sock" \
  --unixsocketperm 700 --save '' --appendonly no --loglevel warning)
echo "instructions per ping, $connections connections, pipeline $pipeline, $((bursts * connections * pipeline)) requests"
printf '%-28s %8s\n' "compd (this build)" "$this" "redis-server" "$redis"
awk -v a="$redis" -v b="$this" 'BEGIN { printf "redis / compd: %.2f (compd at that share of redis'"'"'s requests per core)\n", a / b }'
if [ -n "${BASE_DIR:-}" ]; then
  base=$(compd_count "$(stripped base "$(cd "$BASE_DIR" && pwd)/.build/release")")
  printf '%-28s %8s\n' "compd ($BASE_DIR)" "$base"
  awk -v a="$this" -v b="$base" 'BEGIN { printf "this build / base: %.3f\n", a / b }'
fi
