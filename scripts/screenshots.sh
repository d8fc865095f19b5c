#!/usr/bin/env bash
# Draws every bundled screen with compctl render into docs/images/screens/ (light and dark,
# 390x844 at scale 1), and the README's docs/images/login.png, from a compd of this
# checkout's build started on a temporary socket:
#   scripts/screenshots.sh [BUILD_DIR]   # default .build/release, else .build/debug
# docs/drawing.md shows the pictures; run it after changing a bundled screen.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
bin="${1:-}"
if [ -z "$bin" ]; then
  bin="$repo/.build/release"
  [ -x "$bin/compd" ] || bin="$repo/.build/debug"
fi
for program in compd compctl; do
  [ -x "$bin/$program" ] || { echo "screenshots: $bin/$program is missing: run swift build" >&2; exit 1; }
done
out="$repo/docs/images/screens"
mkdir -p "$out"
work="$(mktemp -d /tmp/compd-screenshots-XXXXXX)"
chmod 755 "$work"
mkdir "$work/plugins"
for name in Login StackedForms Destination Gallery Contacts; do
  cp "$bin/lib$name.so" "$work/plugins/"
done
# A plugin's images come from its resource bundle beside it.
cp -r "$bin/compd_Gallery.resources" "$work/plugins/"
"$bin/compd" --socket "$work/compd.sock" --plugin-dir "$work/plugins" >"$work/compd.log" 2>&1 &
daemon=$!
trap 'kill "$daemon" 2>/dev/null; wait "$daemon" 2>/dev/null; rm -rf "$work"' EXIT
compctl() { "$bin/compctl" --socket "$work/compd.sock" "$@"; }
compctl ping --connect-retry 20 >/dev/null
# Plugins are vetted after the socket opens: wait until the last bundled one is served.
for _ in $(seq 100); do
  compctl components 2>/dev/null | grep -q "demo.Favorites" && break
  sleep 0.2
done
for component in demo.Login demo.StackedForm demo.Settings demo.Gallery demo.Destination demo.Favorites demo.Controls demo.TextControls demo.Images; do
  params=()
  case "$component" in
    demo.Login) params=(--param username=ann) ;;
    demo.StackedForm) params=(--param rows=3) ;;
  esac
  for style in light dark; do
    scene="$(compctl open "$component" "${params[@]}" --size 390x844 --style "$style" --lifetime daemon)"
    file="$out/${component#demo.}-$style.png"
    compctl render "$scene" --output "$file" --scale 1 >/dev/null
    compctl close "$scene" >/dev/null
    echo "screenshots: $file"
  done
done
# The list: its third row selected (tapped, then back from its detail), its sixth swiped
# open, and the third's detail.
for style in light dark; do
  scene="$(compctl open demo.Contacts --size 390x844 --style "$style" --lifetime daemon)"
  rows=($(compctl --json layout "$scene" | python3 -c '
import json, sys
def cells(node):
    if node["type"] == "cell":
        yield node
    for child in node.get("children", []):
        yield from cells(child)
print(" ".join(c["key"] for c in sorted(cells(json.load(sys.stdin)["root"]), key=lambda c: c["frame"]["y"])))'))
  compctl tap "$scene" "${rows[2]}" >/dev/null
  compctl render "$scene" --output "$out/ContactDetail-$style.png" --scale 1 >/dev/null
  compctl event "$scene" '{"type":"back"}' >/dev/null
  compctl render "$scene" --output "$out/Contacts-$style.png" --scale 1 >/dev/null
  compctl event "$scene" "{\"type\":\"swipe\",\"target\":\"${rows[5]}\",\"direction\":\"left\"}" >/dev/null
  compctl render "$scene" --output "$out/Contacts-swiped-$style.png" --scale 1 >/dev/null
  compctl close "$scene" >/dev/null
  echo "screenshots: $out/{Contacts,Contacts-swiped,ContactDetail}-$style.png"
done
# The gallery's Bars & Alerts page (bar items, a large title, a toolbar), its alert and
# its action sheet.
for style in light dark; do
  scene="$(compctl open demo.Gallery --size 390x844 --style "$style" --lifetime daemon)"
  compctl tap "$scene" demo.BarsAndAlerts >/dev/null
  compctl render "$scene" --output "$out/BarsAndAlerts-$style.png" --scale 1 >/dev/null
  compctl tap "$scene" showAlert >/dev/null
  compctl render "$scene" --output "$out/Alert-$style.png" --scale 1 >/dev/null
  compctl tap "$scene" alert.action.0 >/dev/null
  compctl tap "$scene" showActionSheet >/dev/null
  compctl render "$scene" --output "$out/ActionSheet-$style.png" --scale 1 >/dev/null
  compctl close "$scene" >/dev/null
  # Its Sort menu, and its page sheet over the dimmed page, each from a fresh page.
  for shown in sort:Menu showPageSheet:PageSheet; do
    scene="$(compctl open demo.Gallery --size 390x844 --style "$style" --lifetime daemon)"
    compctl tap "$scene" demo.BarsAndAlerts >/dev/null
    compctl tap "$scene" "${shown%%:*}" >/dev/null
    compctl render "$scene" --output "$out/${shown#*:}-$style.png" --scale 1 >/dev/null
    compctl close "$scene" >/dev/null
  done
  echo "screenshots: $out/{BarsAndAlerts,Alert,ActionSheet,Menu,PageSheet}-$style.png"
done
# The README's picture: a Login being filled in, its password field focused.
scene="$(compctl open demo.Login --param username=ann --size 390x844 --lifetime daemon)"
compctl event "$scene" '{"type":"focus","target":"password"}' >/dev/null
compctl type "$scene" password secret1 >/dev/null
compctl render "$scene" --output "$repo/docs/images/login.png" --scale 1 >/dev/null
echo "screenshots: $repo/docs/images/login.png"
