#!/usr/bin/env bash
# Installs compd into $DESTDIR$PREFIX (default /usr/local): the programs, libScreenKit.so,
# bundled plugins, systemd units, sysusers entry, default config, man pages and shell
# completions. Run by `make install` after a release build.
#
#   PREFIX      install prefix (default /usr/local)
#   DESTDIR     staging root prepended to every path (packaging, tests)
#   SYSCONFDIR  where compd/compd.conf goes (default /etc; $PREFIX/etc if PREFIX is not /usr or /usr/local)
#   BUILD_DIR   the SwiftPM build products to install (default .build/release)
set -euo pipefail
cd "$(dirname "$0")/.."

PREFIX="${PREFIX:-/usr/local}"
DESTDIR="${DESTDIR:-}"
BUILD_DIR="${BUILD_DIR:-.build/release}"
case "$PREFIX" in
  /usr | /usr/local) SYSCONFDIR="${SYSCONFDIR:-/etc}" ;;
  *) SYSCONFDIR="${SYSCONFDIR:-$PREFIX/etc}" ;;
esac
bindir="$PREFIX/bin"
libdir="$PREFIX/lib"
pkglibdir="$libdir/compd"
plugindir="$pkglibdir/plugins"
unitdir="$libdir/systemd/system"
userunitdir="$libdir/systemd/user"
sysusersdir="$libdir/sysusers.d"
mandir="$PREFIX/share/man"
datadir="$PREFIX/share"

for product in compd compctl libScreenKit.so; do
  [ -f "$BUILD_DIR/$product" ] || { echo "install: $BUILD_DIR/$product is missing; build first (make release)" >&2; exit 1; }
done
command -v patchelf >/dev/null || scripts/deps.sh patchelf

# The Swift runtime directory the binaries were linked against (first RUNPATH entry that is
# not $ORIGIN).
swift_runtime=$(patchelf --print-rpath "$BUILD_DIR/compd" | tr ':' '\n' | grep -v '^\$ORIGIN' | head -n1 || true)

install -d "$DESTDIR$bindir" "$DESTDIR$pkglibdir" "$DESTDIR$plugindir"
install -m 0755 "$BUILD_DIR/libScreenKit.so" "$DESTDIR$pkglibdir/libScreenKit.so"
# ScreenKit's symbol images (Image(systemName:)) are found next to libScreenKit.so.
if [ -d "$BUILD_DIR/ScreenKit_ScreenKit.resources" ]; then
  rm -rf "$DESTDIR$pkglibdir/ScreenKit_ScreenKit.resources"
  cp -R "$BUILD_DIR/ScreenKit_ScreenKit.resources" "$DESTDIR$pkglibdir/"
  chmod -R u=rwX,go=rX "$DESTDIR$pkglibdir/ScreenKit_ScreenKit.resources"
fi
patchelf --set-rpath '$ORIGIN' "$DESTDIR$pkglibdir/libScreenKit.so"
programs="compd compctl"
[ -f "$BUILD_DIR/compd-web" ] && programs="$programs compd-web"
# The porting tool (`make screenkit-port`), when built: the installed SDK has no
# swift-syntax dependency, so it is installed built.
[ -f "$BUILD_DIR/screenkit-port" ] && programs="$programs screenkit-port"
for program in $programs; do
  install -m 0755 "$BUILD_DIR/$program" "$DESTDIR$bindir/$program"
  # libScreenKit.so and the Swift runtime live in lib/compd, which the dynamic linker does
  # not search by itself.
  patchelf --set-rpath '$ORIGIN/../lib/compd' "$DESTDIR$bindir/$program"
done

# Bundled plugins: each Plugins/<Name> directory builds lib<Name>.so. (Not asking SwiftPM:
# it may hold the build directory's lock while a build or test runs.)
bundled=()
for directory in Plugins/*/; do
  [ -d "$directory" ] || continue
  plugin=$(basename "$directory")
  if [ -f "$BUILD_DIR/lib$plugin.so" ]; then
    install -m 0755 "$BUILD_DIR/lib$plugin.so" "$DESTDIR$plugindir/lib$plugin.so"
    patchelf --set-rpath '$ORIGIN/..' "$DESTDIR$plugindir/lib$plugin.so"
    # Its resource bundle (images) goes next to it, where Image(named:) looks.
    if [ -d "$BUILD_DIR/compd_$plugin.resources" ]; then
      rm -rf "$DESTDIR$plugindir/compd_$plugin.resources"
      cp -R "$BUILD_DIR/compd_$plugin.resources" "$DESTDIR$plugindir/"
      chmod -R u=rwX,go=rX "$DESTDIR$plugindir/compd_$plugin.resources"
    fi
    bundled+=("$BUILD_DIR/lib$plugin.so")
  else
    echo "install: plugin $plugin was not built ($BUILD_DIR/lib$plugin.so); skipped" >&2
  fi
done

# The Swift runtime libraries the programs, ScreenKit and the bundled plugins use (Swift is
# not ABI-stable on Linux), copied from the toolchain into lib/compd next to ScreenKit: the
# installed tree runs without the toolchain. Each finds its neighbours through $ORIGIN.
# Plugins built elsewhere with the same toolchain bind to these copies once compd has
# loaded them (the dynamic linker matches libraries by soname).
if [ -n "$swift_runtime" ]; then
  binaries=()
  for program in $programs; do binaries+=("$BUILD_DIR/$program"); done
  runtime=$(ldd "${binaries[@]}" "$BUILD_DIR/libScreenKit.so" \
      "${bundled[@]}" | awk -v dir="$swift_runtime/" 'index($3, dir) == 1 { print $3 }' | sort -u)
  for library in $runtime; do
    install -m 0644 "$library" "$DESTDIR$pkglibdir/$(basename "$library")"
    patchelf --set-rpath '$ORIGIN' "$DESTDIR$pkglibdir/$(basename "$library")"
  done
fi

substitute() {
  sed -e "s|@bindir@|$bindir|g; s|@libdir@|$libdir|g; s|@sysconfdir@|$SYSCONFDIR|g; s|@plugindir@|$plugindir|g" "$1"
}
install -d "$DESTDIR$unitdir" "$DESTDIR$userunitdir" "$DESTDIR$sysusersdir"
for unit in compd.service compd.socket; do
  substitute "dist/systemd/$unit" > "$DESTDIR$unitdir/$unit"
  substitute "dist/systemd/user/$unit" > "$DESTDIR$userunitdir/$unit"
  chmod 0644 "$DESTDIR$unitdir/$unit" "$DESTDIR$userunitdir/$unit"
done
# The browser gateway: its unit, and the web client it finds at bin/../share/compd/web.
if [ -f "$BUILD_DIR/compd-web" ]; then
  substitute dist/systemd/compd-web.service > "$DESTDIR$unitdir/compd-web.service"
  chmod 0644 "$DESTDIR$unitdir/compd-web.service"
  install -d "$DESTDIR$datadir/compd/web"
  cp -R web/. "$DESTDIR$datadir/compd/web/"
  chmod -R u=rwX,go=rX "$DESTDIR$datadir/compd/web"
fi
install -m 0644 dist/sysusers.d/compd.conf "$DESTDIR$sysusersdir/compd.conf"

# Never overwrite a configuration the administrator has edited.
install -d "$DESTDIR$SYSCONFDIR/compd"
if [ -e "$DESTDIR$SYSCONFDIR/compd/compd.conf" ]; then
  substitute dist/compd.conf > "$DESTDIR$SYSCONFDIR/compd/compd.conf.default"
  echo "install: kept existing $SYSCONFDIR/compd/compd.conf; the new default is compd.conf.default" >&2
else
  substitute dist/compd.conf > "$DESTDIR$SYSCONFDIR/compd/compd.conf"
fi
chmod 0644 "$DESTDIR$SYSCONFDIR/compd/compd.conf"*

install -d "$DESTDIR$mandir/man1"
for page in dist/man/*.1; do
  install -m 0644 "$page" "$DESTDIR$mandir/man1/$(basename "$page")"
done

install -d "$DESTDIR$datadir/bash-completion/completions" "$DESTDIR$datadir/zsh/site-functions" \
  "$DESTDIR$datadir/fish/vendor_completions.d"
"$BUILD_DIR/compctl" --generate-completion-script bash > "$DESTDIR$datadir/bash-completion/completions/compctl"
"$BUILD_DIR/compctl" --generate-completion-script zsh > "$DESTDIR$datadir/zsh/site-functions/_compctl"
"$BUILD_DIR/compctl" --generate-completion-script fish > "$DESTDIR$datadir/fish/vendor_completions.d/compctl.fish"

# The SDK for plugin authors: the umbrella package (its ScreenKit, UIKit and os products)
# with ScreenKit's package nested in it (its library alone), and the plugin template
# pointing at it. A plugin built against it with the same toolchain loads in this compd:
# `make plugin-template` in a checkout, or copy share/compd/plugin-template.
sdkdir="$datadir/compd/SDK"
rm -rf "$DESTDIR$sdkdir" "$DESTDIR$datadir/compd/plugin-template"
install -d "$DESTDIR$sdkdir/Sources" "$DESTDIR$sdkdir/ScreenKit/Sources"
for module in ScreenKitExports UIKit os; do
  cp -R "SDK/Sources/$module" "$DESTDIR$sdkdir/Sources/$module"
done
sed -n '/^let package = Package(/q;p' SDK/Package.swift > "$DESTDIR$sdkdir/Package.swift"
cat >> "$DESTDIR$sdkdir/Package.swift" <<'MANIFEST'
let package = Package(
  name: "SDK",
  products: [
    .library(name: "ScreenKit", targets: ["ScreenKitExports"]),
    .library(name: "UIKit", targets: ["UIKit"]),
    .library(name: "os", targets: ["os"]),
  ],
  dependencies: [.package(path: "ScreenKit")],
  targets: [
    .target(name: "ScreenKitExports", dependencies: [screenKit]),
    .target(name: "UIKit", dependencies: [screenKit, "os"]),
    .target(name: "os"),
  ]
)
MANIFEST
cp -R SDK/ScreenKit/Sources/ScreenKit "$DESTDIR$sdkdir/ScreenKit/Sources/ScreenKit"
cat > "$DESTDIR$sdkdir/ScreenKit/Package.swift" <<'MANIFEST'
// swift-tools-version:6.0
import PackageDescription

// ScreenKit as installed with compd: the library a compd plugin links, dynamically.
let package = Package(
  name: "ScreenKit",
  products: [.library(name: "ScreenKit", type: .dynamic, targets: ["ScreenKit"])],
  targets: [.target(name: "ScreenKit", resources: [.copy("Symbols")])]
)
MANIFEST
cp -R dist/plugin-template "$DESTDIR$datadir/compd/plugin-template"
rm -rf "$DESTDIR$datadir/compd/plugin-template/.build"
sed -i "s|\.package(path: \"\.\./\.\./SDK\")|.package(path: \"$sdkdir\")|" \
  "$DESTDIR$datadir/compd/plugin-template/Package.swift"
chmod -R u=rwX,go=rX "$DESTDIR$datadir/compd"

echo "installed compd into ${DESTDIR:-/}${DESTDIR:+ as }$PREFIX"
if [ -z "$DESTDIR" ]; then
  echo "next: systemd-sysusers; systemctl daemon-reload; systemctl enable --now compd.socket"
fi
