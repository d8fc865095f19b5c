#!/usr/bin/env bash
# Builds ScreenKit's documentation (DocC) from its symbols and its catalog
# (SDK/ScreenKit/Sources/ScreenKit/ScreenKit.docc) into .build/docs/ScreenKit.doccarchive.
# Fails on any DocC warning: a broken ``Symbol`` link, a topic naming nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
toolchain_bin="$(dirname "$(readlink -f "$(command -v "$swift")")")"
docc="$toolchain_bin/docc"
[ -x "$docc" ] || docc="$(command -v docc)"
out=.build/docs
graphs="$out/symbol-graphs"
rm -rf "$graphs" "$out/ScreenKit.doccarchive"
mkdir -p "$graphs"
"$swift" build --package-path SDK/ScreenKit --target ScreenKit >/dev/null
bin="$("$swift" build --package-path SDK/ScreenKit --show-bin-path)"
"$swift" symbolgraph-extract -module-name ScreenKit -I "$bin/Modules" -I "$bin" \
  -target "$(uname -m)-unknown-linux-gnu" -minimum-access-level public \
  -output-dir "$graphs"
log="$out/docc.log"
if ! "$docc" convert SDK/ScreenKit/Sources/ScreenKit/ScreenKit.docc \
    --additional-symbol-graph-dir "$graphs" --fallback-display-name ScreenKit \
    --fallback-bundle-identifier org.compd.ScreenKit --warnings-as-errors \
    --output-path "$out/ScreenKit.doccarchive" >"$log" 2>&1; then
  cat "$log" >&2
  echo "docs: DocC found problems (above)" >&2
  exit 1
fi
echo "docs: $out/ScreenKit.doccarchive, $(ls "$out"/ScreenKit.doccarchive/data/documentation/screenkit/*.json | wc -l) top-level symbols"
