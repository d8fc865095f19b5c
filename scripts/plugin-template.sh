#!/usr/bin/env bash
# Copies the plugin template (dist/plugin-template) to DIR, pointing its Package.swift at
# this checkout's SDK, so that `swift build` in DIR builds a plugin compd can load.
set -euo pipefail
dir="${1:-}"
if [ -z "$dir" ]; then
  echo "usage: make plugin-template DIR=/path/to/new-plugin" >&2
  exit 1
fi
if [ -e "$dir" ] && [ -n "$(ls -A "$dir" 2>/dev/null)" ]; then
  echo "plugin-template: $dir exists and is not empty; choose a new directory" >&2
  exit 1
fi
repo="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "$dir"
cp -R "$repo/dist/plugin-template/." "$dir/"
rm -rf "$dir/.build"
sdk="$repo/SDK"
sed -i "s|\.package(path: \"\.\./\.\./SDK\")|.package(path: \"$sdk\")|" "$dir/Package.swift"
grep -q "$sdk" "$dir/Package.swift" || { echo "plugin-template: could not set the SDK path" >&2; exit 1; }
cat <<MSG
plugin-template: a plugin package in $dir (component acme.Counter, linking $sdk).
  cd $dir && swift build -c release
  cp .build/release/libCounter.so <a plugin directory>   # compctl info lists them
  compctl call plugins.rescan && compctl open acme.Counter --param start=41
MSG
