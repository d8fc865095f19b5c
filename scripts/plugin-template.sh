#!/usr/bin/env bash
# Copies the plugin template (dist/plugin-template) to DIR, pointing its Package.swift at
# this checkout's SDK, so that `swift build` in DIR builds a plugin compd can load. NAME
# (default Counter) names the package, its library (libNAME.so), the source folder and
# file, the controller, the plugin (acme.name) and the component (acme.NAME).
set -euo pipefail
dir="${1:-}"
name="${2:-Counter}"
if [ -z "$dir" ]; then
  echo "usage: make plugin-template DIR=/path/to/new-plugin [NAME=Counter]" >&2
  exit 1
fi
if ! [[ "$name" =~ ^[A-Z][A-Za-z0-9]*$ ]]; then
  echo "plugin-template: NAME must be a Swift type name: a capital letter, then letters and digits (not \"$name\")" >&2
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
if [ "$name" != Counter ]; then
  # Whole words only: the template's count, counted and Counts stay as they are.
  lower="$(printf '%s' "$name" | tr '[:upper:]' '[:lower:]')"
  mv "$dir/Sources/Counter/Counter.swift" "$dir/Sources/Counter/$name.swift"
  mv "$dir/Sources/Counter" "$dir/Sources/$name"
  sed -i -e "s/\bCounter_Counter\.resources\b/${name}_$name.resources/g" \
    -e "s/\bCounter\(ViewController\)\?\b/$name\1/g" -e "s/\blibCounter\.so\b/lib$name.so/g" \
    -e "s/\bacme\.counter\b/acme.$lower/g" \
    "$dir/Package.swift" "$dir/README.md" "$dir/Sources/$name/$name.swift"
  if grep -rqE '(^|[^A-Za-z0-9])(lib)?Counter([^A-Za-z0-9]|ViewController|$)' "$dir"; then
    echo "plugin-template: could not rename Counter to $name" >&2
    exit 1
  fi
fi
cat <<MSG
plugin-template: a plugin package in $dir (component acme.$name, linking $sdk).
  cd $dir && swift build -c release
  cp .build/release/lib$name.so <a plugin directory>   # compctl info lists them
  cp -R .build/release/*.resources <a plugin directory>  # once the plugin ships images
  compctl call plugins.rescan && compctl open acme.$name --param start=41
MSG
