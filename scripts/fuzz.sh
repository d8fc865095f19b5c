#!/usr/bin/env bash
# Builds the libFuzzer target over LineFramer + JSONParser + Dispatcher and runs it.
#   scripts/fuzz.sh short   ~30 s from the seed corpus (part of `make test`); fails on a crash
#   scripts/fuzz.sh long    until interrupted (`make fuzz`)
# The JSONRPC sources are compiled directly with the fuzz entry point (swiftc -sanitize=fuzzer,
# address); crashes are written to .build/fuzz/artifacts/.
set -euo pipefail
mode="${1:-short}"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/.build/fuzz"
mkdir -p "$out/corpus" "$out/artifacts"
binary="$out/fuzz-jsonrpc"

sources=("$root"/Sources/JSONRPC/*.swift "$root/Fuzz/FuzzEntry.swift")
if [[ ! -x "$binary" ]] || [[ -n "$(find "${sources[@]}" -newer "$binary" 2>/dev/null)" ]]; then
  echo "fuzz: building $binary"
  # The linker warns about ASan's local symbols; keep its output unless the build fails.
  if ! swiftc -sanitize=fuzzer,address -parse-as-library -swift-version 6 -O \
    -I "$root/Sources/CJSONC" "${sources[@]}" -module-name JSONRPCFuzz -ljson-c \
    -o "$binary" >"$out/build.log" 2>&1; then
    cat "$out/build.log" >&2
    echo "fuzz: build failed" >&2
    exit 1
  fi
fi

args=(-max_len=4096 -timeout=10 -rss_limit_mb=1024 "-artifact_prefix=$out/artifacts/"
  "$out/corpus" "$root/Fuzz/seeds")
export LSAN_OPTIONS="suppressions=$root/Fuzz/lsan.supp:print_suppressions=0"
case "$mode" in
  short) exec "$binary" "${args[@]}" -max_total_time=30 -print_final_stats=1 ;;
  long) exec "$binary" "${args[@]}" ;;
  *) echo "usage: $0 short|long" >&2; exit 1 ;;
esac
