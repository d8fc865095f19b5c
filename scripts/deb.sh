#!/usr/bin/env bash
# Builds a Debian package of compd with dpkg-deb: the self-contained tree `make install`
# makes (PREFIX=/usr), the systemd units, the sysusers entry, the configuration (a
# conffile), the SDK and plugin template, and maintainer scripts that create the compd user
# and enable compd.socket (dist/debian). Depends lists the Debian packages of the system
# libraries the binaries link (found with ldd and dpkg -S). Runs lintian when installed.
#
#   scripts/deb.sh [OUTPUT_DIR]     BUILD_DIR (default .build/release) as for install.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/deb}"
BUILD_DIR="${BUILD_DIR:-.build/release}"
version=$(sed -n 's/.*current = "\(.*\)".*/\1/p' Sources/CompdVersion/CompdVersion.swift)
arch=$(dpkg --print-architecture)
stage=$(mktemp -d /tmp/compd-deb.XXXXXX)
trap 'rm -rf "$stage"' EXIT
root="$stage/compd_${version}_$arch"

PREFIX=/usr DESTDIR="$root" BUILD_DIR="$BUILD_DIR" scripts/install.sh >/dev/null
install -d "$root/DEBIAN" "$root/usr/share/doc/compd"
install -m 0755 dist/debian/postinst dist/debian/prerm dist/debian/postrm "$root/DEBIAN/"
echo /etc/compd/compd.conf > "$root/DEBIAN/conffiles"
rm -f "$root/etc/compd/compd.conf.default"
printf 'compd\n\nThe compd authors. See the source repository for the licence.\n' \
  > "$root/usr/share/doc/compd/copyright"
gzip -9n -c > "$root/usr/share/doc/compd/changelog.gz" <<LOG
compd ($version) unstable; urgency=low

  * Release $version.
LOG
gzip -9n "$root"/usr/share/man/man1/*.1

# Depends: the packages that own the system libraries the shipped ELF files resolve to
# (everything outside the package's own lib/compd).
depends=$(find "$root/usr/bin" "$root/usr/lib/compd" -type f \( -perm -u+x -o -name '*.so' \) \
    -exec ldd {} + 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' \
  | grep -v "^$root" | sort -u | while read -r library; do
      dpkg -S "$(readlink -f "$library")" 2>/dev/null || dpkg -S "$library" 2>/dev/null || true
    done | cut -d: -f1 | sort -u | paste -sd, - | sed 's/,/, /g')
size=$(du -sk "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: compd
Version: $version
Architecture: $arch
Maintainer: compd developers <compd@localhost>
Installed-Size: $size
Depends: ${depends:-libc6}
Recommends: systemd
Section: net
Priority: optional
Description: serves Swift screen components over a Unix-socket JSON-RPC protocol
 compd loads screen components from plugins written in Swift against ScreenKit
 (UIKit's view-controller model), lays them out headlessly and serves layouts and
 input events to thin clients over JSON-RPC 2.0 on /run/compd.sock. compctl is its
 command-line client. Includes the Swift runtime it needs and the SDK for plugins.
CONTROL
mkdir -p "$out"
deb="$out/compd_${version}_$arch.deb"
dpkg-deb --build --root-owner-group "$root" "$deb" >/dev/null
echo "deb: $deb ($(du -h "$deb" | cut -f1); Depends: ${depends:-libc6})"
if command -v lintian >/dev/null; then
  lintian --no-tag-display-limit "$deb" || echo "deb: lintian reported problems (above)" >&2
fi
