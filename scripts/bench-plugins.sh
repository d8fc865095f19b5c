#!/usr/bin/env bash
# Plugin-host startup benchmark (make bench-plugins): time from process start until every
# plugin is vetted, loaded and the cache written, with 1, 10 and 100 generated plugins,
# cold (no cache: every plugin vetted in a child) and warm (cache valid: nothing vetted).
# Release build; each figure is the median of RUNS runs (default 7).
# Goals: warm 100 < 300 ms, cold 100 < 3 s.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${RUNS:-7}"

swift build -c release --product compd >/dev/null
swift build -c release --product PluginStartupBenchmark >/dev/null
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

run_once() { # dir state expected -> milliseconds
  local start end
  start="$(now_ns)"
  "$bin/PluginStartupBenchmark" --plugin-dir "$1" --state-dir "$2" --scanner "$bin/compd" \
    --expect "$3" >/dev/null
  end="$(now_ns)"
  echo $(((end - start) / 1000000))
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
