#!/usr/bin/env bash
# Plugin startup benchmark (make bench-plugins): compd start to ready (its socket answers
# daemon.ping, which it serves only after every plugin is vetted, loaded and the cache
# written), with 1, 10 and 100 generated plugins, cold (no cache: every plugin vetted in a
# child) and warm (cache valid: nothing vetted).
# Release build; each figure is the median of RUNS runs (default 7).
# Goals: warm 100 < 300 ms, cold 100 < 3 s.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${RUNS:-7}"

swift build -c release --product compd >/dev/null
bin="$(swift build -c release --show-bin-path)"
work="$(pwd)/.build/bench-plugins"
mkdir -p "$work"

# Generate 100 distinct plugins (built once, reused while ScreenKit's module is unchanged).
stamp="$(sha256sum "$bin/Modules/ScreenKit.swiftmodule" | cut -c1-16)"
generated="$work/generated-$stamp"
if [[ ! -f "$generated/done" ]]; then
  rm -rf "$work"/generated-*
  mkdir -p "$generated/src"
  echo "generating 100 plugins in $generated" >&2
  for i in $(seq 1 100); do
    cat >"$generated/src/p$i.swift" <<SWIFT
import ScreenKit

@_cdecl("compd_plugin_entry")
public func compdPluginEntry(_ request: Int32, _ registrar: UnsafeMutableRawPointer?)
  -> UnsafePointer<CChar>?
{
  PluginEntry.handle(request, registrar, plugin: "bench.p$i", version: "1.0.0") { plugin in
    plugin.register(
      .view("bench.Component$i", summary: "generated component $i",
        params: .object([.init("title", .string(default: "t$i"))])) { _ in View() })
  }
}
SWIFT
  done
  # Two compilers at a time; each plugin is its own module.
  seq 1 100 | xargs -P 2 -I{} swiftc -emit-library -parse-as-library -swift-version 6 -O \
    -module-name BenchPlugin{} -I "$bin/Modules" -L "$bin" -lScreenKit \
    "$generated/src/p{}.swift" -o "$generated/libbench{}.so"
  touch "$generated/done"
fi

now_ns() { date +%s%N; }
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

run_once() { # dir state expected -> milliseconds from spawning compd to its first reply
  python3 - "$bin/compd" "$work/bench.sock" "$1" "$2" "$3" <<'PY'
import json, os, socket, subprocess, sys, time
compd, path, plugins, state, expected = sys.argv[1:6]
if os.path.exists(path):
    os.unlink(path)
start = time.monotonic_ns()
daemon = subprocess.Popen([compd, "--socket", path, "--plugin-dir", plugins,
                           "--state-dir", state, "--log-level", "error"])
try:
    deadline = time.monotonic() + 30
    while True:
        try:
            client = socket.socket(socket.AF_UNIX)
            client.connect(path)
            break
        except OSError:
            if time.monotonic() > deadline or daemon.poll() is not None:
                sys.exit("compd did not become ready")
            time.sleep(0.0005)
    stream = client.makefile("rwb")
    stream.write(b'{"jsonrpc":"2.0","id":1,"method":"daemon.ping"}\n')
    stream.flush()
    stream.readline()
    ready = time.monotonic_ns()
    stream.write(b'{"jsonrpc":"2.0","id":2,"method":"daemon.info"}\n')
    stream.flush()
    loaded = json.loads(stream.readline())["result"]["plugins"]
    if loaded != int(expected):
        sys.exit(f"expected {expected} loaded plugins, got {loaded}")
    print((ready - start) // 1_000_000)
finally:
    daemon.terminate()
    daemon.wait()
PY
}

printf '%-8s %12s %12s\n' plugins "cold (ms)" "warm (ms)"
for n in 1 10 100; do
  dir="$work/plugins-$n"
  state="$work/state-$n"
  rm -rf "$dir" && mkdir -p "$dir"
  for i in $(seq 1 "$n"); do cp "$generated/libbench$i.so" "$dir/"; done
  cold=()
  warm=()
  for _ in $(seq 1 "$RUNS"); do
    rm -rf "$state"
    cold+=("$(run_once "$dir" "$state" "$n")")
    warm+=("$(run_once "$dir" "$state" "$n")")
  done
  printf '%-8s %12s %12s\n' "$n" "$(printf '%s\n' "${cold[@]}" | median)" \
    "$(printf '%s\n' "${warm[@]}" | median)"
done
echo "goals: warm 100 < 300 ms, cold 100 < 3000 ms (median of $RUNS runs, release, $(nproc) cores)"
