#!/usr/bin/env bash
# Builds the libFuzzer target over LineFramer + JSONParser + Dispatcher (each line also
# parsed by json-c alone, which must agree with the Swift reader) and runs it, then
# (short mode) the target over ScreenKit's restoration archive text.
#   scripts/fuzz.sh short   ~30 s + ~15 s from the seed corpora (part of `make test`); fails
#                           on a crash
#   scripts/fuzz.sh long    the JSON-RPC target until interrupted (`make fuzz`)
#   scripts/fuzz.sh archive the archive target until interrupted
# The sources are compiled directly with each fuzz entry point (swiftc -sanitize=fuzzer,
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

# The archive target: ScreenKit's archive printer/parser and its value type, nothing else.
kit="$root/SDK/ScreenKit/Sources/ScreenKit"
archive_binary="$out/fuzz-archive"
archive_sources=("$kit/Restoration/ArchiveJSON.swift" "$kit/Restoration/RestorationArchive.swift"
  "$kit/Plugin/ParamValue.swift" "$root/Fuzz/ArchiveFuzzEntry.swift")
build_archive_target() {
  if [[ ! -x "$archive_binary" ]] ||
    [[ -n "$(find "${archive_sources[@]}" -newer "$archive_binary" 2>/dev/null)" ]]; then
    echo "fuzz: building $archive_binary"
    if ! swiftc -sanitize=fuzzer,address -parse-as-library -swift-version 6 -O \
      "${archive_sources[@]}" -module-name ArchiveFuzz -o "$archive_binary" \
      >"$out/build-archive.log" 2>&1; then
      cat "$out/build-archive.log" >&2
      echo "fuzz: archive target build failed" >&2
      exit 1
    fi
  fi
  mkdir -p "$out/archive-corpus"
}
archive_args=(-max_len=4096 -timeout=10 -rss_limit_mb=1024 "-artifact_prefix=$out/artifacts/"
  "$out/archive-corpus" "$root/Fuzz/archive-seeds")

case "$mode" in
  short)
    "$binary" "${args[@]}" -max_total_time=30 -print_final_stats=1
    build_archive_target
    exec "$archive_binary" "${archive_args[@]}" -max_total_time=15 -print_final_stats=1
    ;;
  long) exec "$binary" "${args[@]}" ;;
  archive)
    build_archive_target
    exec "$archive_binary" "${archive_args[@]}"
    ;;
  *) echo "usage: $0 short|long|archive" >&2; exit 1 ;;
esac
