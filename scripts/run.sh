#!/usr/bin/env bash
# Starts compd in the foreground on the given socket (Ctrl-C stops it cleanly).
set -euo pipefail
bin="$1"; socket="$2"
run_dir="$(dirname "$socket")"
mkdir -p "$run_dir/state" "$run_dir/plugins"
# The bundled plugins: each Plugins/<Name> builds lib<Name>.so next to compd.
repo="$(cd "$(dirname "$0")/.." && pwd)"
for dir in "$repo"/Plugins/*/; do
  name="$(basename "$dir")"
  [ -f "$bin/lib$name.so" ] && ln -sfn "$bin/lib$name.so" "$run_dir/plugins/lib$name.so"
  # Its image resources travel with it: Image(named:) looks next to the library.
  [ -d "$bin/compd_$name.resources" ] && ln -sfn "$bin/compd_$name.resources" "$run_dir/plugins/compd_$name.resources"
done
plugin_args=(--plugin-dir "$run_dir/plugins")
# A checkout in a directory anyone may write to without the sticky bit fails plugin trust, and
# compd would serve no component. compd's own check says so; a development run then
# trusts the bundled plugins anyway, and says why (docs/plugins.md, "Trust").
probe="$run_dir/plugins/libLogin.so"
if [ -e "$probe" ]; then
  verdict="$("$bin/compd" --scan-plugin "$probe" 2>/dev/null || true)"
  if [[ "$verdict" == *'"error":"untrusted plugin: '* ]]; then
    reason="$(printf '%s' "$verdict" | sed -e 's/.*untrusted plugin: //' -e 's/"}$//')"
    echo "compd: plugin trust refuses this checkout's plugins: $reason" >&2
    echo "compd: starting with --plugin-trust relaxed for this development run; a checkout" \
      "outside directories anyone may write runs with the default, strict." >&2
    plugin_args+=(--plugin-trust relaxed)
  fi
fi
cat <<MSG
compd: starting on $socket (Ctrl-C to stop).
Plugins come from $run_dir/plugins (the bundled ones are linked there; copy your own
plugin's .so into it, then run compctl call plugins.rescan). State: $run_dir/state.
In another shell:
  $bin/compctl --socket $socket ping
  $bin/compctl --socket $socket info
  $bin/compctl --socket $socket call rpc.discover
  $bin/compctl --socket $socket components
  $bin/compctl --socket $socket open demo.Login       # prints the scene id, e.g. s1
  $bin/compctl --socket $socket draw s1
  $bin/compctl --socket $socket type s1 username ann
  $bin/compctl --socket $socket tap s1 login
or  export COMPD_SOCKET=$socket  and leave out --socket.
Any program can talk to it: one JSON-RPC 2.0 message per line, e.g.
  printf '%s\n' '{"jsonrpc":"2.0","method":"daemon.ping","id":1}' | socat - UNIX-CONNECT:$socket
MSG
exec "$bin/compd" --socket "$socket" --state-dir "$run_dir/state" "${plugin_args[@]}"
