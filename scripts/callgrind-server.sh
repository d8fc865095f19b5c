# Sourced by the scripts that count a server's instructions under valgrind
# (bench-rpc-instructions.sh, bench-scenes-instructions.sh).

# The valgrind process running the server, while one runs.
callgrind_server=""

# Runs a server under `valgrind --tool=callgrind ARGS...` (valgrind's options, then the
# server's command), its output in log file $1, and waits until it accepts on Unix socket
# $2 (await_accepting). Call it in a subshell, as `$(count …)` runs: the server is stopped
# when that shell exits, however it exits, or by callgrind_stop.
callgrind_start() {
  local log=$1 socket=$2
  shift 2
  valgrind --tool=callgrind "$@" >"$log" 2>&1 &
  callgrind_server=$!
  trap callgrind_stop EXIT
  await_accepting "$socket" "$log"
}

# Stops the server callgrind_start started (SIGTERM: it shuts down as it would in service),
# and waits for it.
callgrind_stop() {
  if [ -n "$callgrind_server" ]; then
    kill "$callgrind_server" 2>/dev/null && wait "$callgrind_server" 2>/dev/null
    callgrind_server=""
  fi
  return 0
}

# Copies compd and the libraries named after it from release directory $1 into directory $2,
# without their debug information: valgrind gives up on the DWARF 5 Swift writes (the
# symbols stay, so a dump still names each function).
callgrind_copy() {
  local from=$1 to=$2
  shift 2
  mkdir -p "$to"
  cp "$from/compd" "$to/"
  for library in "$@"; do cp "$from/$library" "$to/"; done
  strip --strip-debug "$to/"*
}

# Waits until the server behind Unix socket $1 accepts a connection (under valgrind its
# socket's file comes a while before its listen()); on failure prints log file $2 and exits.
await_accepting() {
  local socket=$1 log=$2
  for _ in $(seq 600); do
    socat -u OPEN:/dev/null UNIX-CONNECT:"$socket" 2>/dev/null && return
    sleep 0.1
  done
  echo "$(basename "$0"): the server did not start:" >&2
  cat "$log" >&2
  exit 1
}
