#!/usr/bin/env bash
# Starts compd in the foreground on the given socket (Ctrl-C stops it cleanly).
set -euo pipefail
bin="$1"; socket="$2"
run_dir="$(dirname "$socket")"
mkdir -p "$run_dir/state"
plugin_args=()
[ -d "$bin/plugins" ] && plugin_args+=(--plugin-dir "$bin/plugins")
cat <<MSG
compd: starting on $socket (Ctrl-C to stop). In another shell:
  $bin/compctl --socket $socket ping
  $bin/compctl --socket $socket info
  $bin/compctl --socket $socket call rpc.discover
or  export COMPD_SOCKET=$socket  and leave out --socket.
Any program can talk to it: one JSON-RPC 2.0 message per line, e.g.
  printf '%s\n' '{"jsonrpc":"2.0","method":"daemon.ping","id":1}' | socat - UNIX-CONNECT:$socket
MSG
exec "$bin/compd" --socket "$socket" --state-dir "$run_dir/state" "${plugin_args[@]}"
