#!/usr/bin/env bash
# Starts compd in the foreground on the given socket with the bundled plugins.
set -euo pipefail
bin="$1"; socket="$2"
mkdir -p "$(dirname "$socket")"
echo "compd: listening on $socket — in another shell try:"
echo "  COMPD_SOCKET=$socket $bin/compctl ping"
exec "$bin/compd" --socket "$socket" --state-dir "$(dirname "$socket")/state"
