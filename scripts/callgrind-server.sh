# Sourced by the scripts that count a server's instructions under valgrind
# (bench-rpc-instructions.sh, bench-scenes-instructions.sh).

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
