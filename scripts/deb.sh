#!/usr/bin/env bash
# Builds a Debian package of compd with dpkg-deb: the self-contained tree `make install`
# makes (PREFIX=/usr) with its ELF files stripped, the systemd units, the sysusers entry,
# the configuration (a conffile), the SDK and plugin template, the copyright file, changelog
# and lintian overrides (dist/debian), md5sums, and maintainer scripts that create the
# compd user and enable compd.socket as debhelper's would (dist/debian). Depends lists the
# Debian packages of the system libraries the binaries link (found with ldd and dpkg -S).
# When lintian is installed it checks the package, and errors fail the build.
#
#   scripts/deb.sh [OUTPUT_DIR]     BUILD_DIR (default .build/release) as for install.sh;
#                                   DEB_COMPRESS=TYPE[:LEVEL] (default xz, Debian's;
#                                   gzip:1 packs in seconds instead of a minute, for a
#                                   package that is only installed here)
#
# The maintainer (Maintainer field, changelog) is DEBFULLNAME <DEBEMAIL> as for dch,
# else the author of the checked-out commit; the changelog's date is SOURCE_DATE_EPOCH,
# else that commit's date.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/deb}"
BUILD_DIR="${BUILD_DIR:-.build/release}"
version=$(sed -n 's/.*current = "\(.*\)".*/\1/p' Sources/CompdVersion/CompdVersion.swift)
arch=$(dpkg --print-architecture)
if [ -n "${DEBFULLNAME:-}" ] && [ -n "${DEBEMAIL:-}" ]; then
  maintainer="$DEBFULLNAME <$DEBEMAIL>"
else
  maintainer=$(git log -1 --format='%an <%ae>' 2>/dev/null) \
    || { echo "deb: set DEBFULLNAME and DEBEMAIL (no git commit to take the maintainer from)" >&2; exit 1; }
fi
date_epoch="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"
stage=$(mktemp -d /tmp/compd-deb.XXXXXX)
trap 'rm -rf "$stage"' EXIT
root="$stage/compd_${version}_$arch"

PREFIX=/usr DESTDIR="$root" BUILD_DIR="$BUILD_DIR" scripts/install.sh >/dev/null
rm -f "$root/etc/compd/compd.conf.default"

# Stripped as dh_strip does (symbols stay in the build directory's copies). Swift's
# metadata lives in its own sections, which strip keeps.
find "$root" -type f -print0 | while IFS= read -r -d '' file; do
  [ "$(head -c 4 "$file" | od -An -c | tr -d ' ')" = '177ELF' ] || continue
  case "$file" in
    *.so)
      strip --remove-section=.comment --remove-section=.note --strip-unneeded "$file"
      chmod 0644 "$file" ;; # dlopen and ld.so need no execute bit (dh_fixperms' 0644)
    *) strip --remove-section=.comment --remove-section=.note "$file" ;;
  esac
done

doc="$root/usr/share/doc/compd"
install -d "$root/DEBIAN" "$doc" "$root/usr/share/lintian/overrides"
install -m 0755 dist/debian/postinst dist/debian/prerm dist/debian/postrm "$root/DEBIAN/"
echo /etc/compd/compd.conf > "$root/DEBIAN/conffiles"
# The years of compd's copyright notice: those of the first and the checked-out commit.
first=$(git log --format=%cd --date=format:%Y 2>/dev/null | tail -n1 || true)
last=$(date -u -d "@$date_epoch" +%Y)
years="${first:-$last}"
[ "$years" = "$last" ] || years="$years-$last"
sed "s/@years@/$years/" dist/debian/copyright > "$doc/copyright"
chmod 0644 "$doc/copyright"
install -m 0644 dist/debian/lintian-overrides "$root/usr/share/lintian/overrides/compd"
# A native package (the packaging lives with the source): its changelog is changelog.gz.
gzip -9n -c > "$doc/changelog.gz" <<LOG
compd ($version) unstable; urgency=medium

  * Release $version: packaged from the source tree by scripts/deb.sh.

 -- $maintainer  $(date -R -u -d "@$date_epoch")
LOG
chmod 0644 "$doc/changelog.gz"
gzip -9n "$root"/usr/share/man/man1/*.1
# Completion scripts are sourced, not run: no #! line.
sed -i '1{/^#!/d}' "$root/usr/share/bash-completion/completions/compctl"

# Depends: the packages that own the system libraries the shipped ELF files need directly
# (their NEEDED entries, as dpkg-shlibdeps reads them; resolved to files by ldd; everything
# outside the package's own lib/compd), and what runs the sysusers entry (as
# dh_installsysusers adds it).
libraries=$(find "$root/usr/bin" "$root/usr/lib/compd" -type f \( -perm -u+x -o -name '*.so' \) \
  | while read -r elf; do
      needed=$(readelf -d "$elf" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | paste -sd' ' -)
      ldd "$elf" 2>/dev/null | awk -v needed=" $needed " \
        '$2 == "=>" && $3 ~ /^\// && index(needed, " " $1 " ") { print $3 }'
    done | grep -v "^$root" | sort -u | while read -r library; do
      dpkg -S "$(readlink -f "$library")" 2>/dev/null || dpkg -S "$library" 2>/dev/null || true
    done | cut -d: -f1 | sort -u | paste -sd, - | sed 's/,/, /g')
depends="${libraries:-libc6}, systemd | systemd-standalone-sysusers | systemd-sysusers"
# Recommends: what compctl render opens at run time for PNG output (librsvg, dlopen) and
# the face pictures are measured and drawn in.

# md5sums of every shipped file but the conffile (dpkg tracks conffiles itself).
(cd "$root" && find . -path ./DEBIAN -prune -o -type f ! -path ./etc/compd/compd.conf -printf '%P\0' \
  | LC_ALL=C sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/md5sums" "$root/DEBIAN/conffiles"

size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: compd
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size
Depends: $depends
Recommends: librsvg2-2, fonts-inter
Section: net
Priority: optional
Description: serves Swift screen components over a Unix-socket JSON-RPC protocol
 compd loads screen components from plugins written in Swift against
 ScreenKit (UIKit's view-controller model), lays them out headlessly and
 serves layouts and input events to thin clients over JSON-RPC 2.0 on
 /run/compd.sock. compctl is its command-line client, compd-web its gateway
 for browsers. Includes the Swift runtime it needs and the SDK for plugins.
CONTROL
mkdir -p "$out"
deb="$out/compd_${version}_$arch.deb"
compress=(-Z"${DEB_COMPRESS:-xz}")
case "${DEB_COMPRESS:-}" in *:*) compress=(-Z"${DEB_COMPRESS%%:*}" -z"${DEB_COMPRESS#*:}") ;; esac
dpkg-deb "${compress[@]}" --build --root-owner-group "$root" "$deb" >/dev/null
echo "deb: $deb ($(du -h "$deb" | cut -f1); Depends: $depends)"
if command -v lintian >/dev/null; then
  # Warnings and the rest are shown; errors fail the build (dist/debian/lintian-overrides
  # holds the tags that do not apply, each with its reason).
  lintian --fail-on error --tag-display-limit 0 "$deb" \
    || { echo "deb: lintian reported errors (above)" >&2; exit 1; }
else
  echo "deb: lintian is not installed; the package was not checked" >&2
fi
