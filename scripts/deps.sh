#!/usr/bin/env bash
# Installs the Debian packages compd needs to build and test, only when missing.
# Extra package names as arguments are installed too when missing: ServiceDebTests (run
# as root) asks for lintian this way. lintian is not installed by default: it pulls in
# over a hundred Perl packages and only checks the Debian package (scripts/deb.sh runs
# it when present).
set -euo pipefail
need=()
pkg-config --exists json-c 2>/dev/null || need+=(libjson-c-dev)
pkg-config --exists sqlite3 2>/dev/null || need+=(libsqlite3-dev)  # the scene database
command -v pkg-config >/dev/null || need+=(pkg-config)
command -v systemd-analyze >/dev/null || need+=(systemd)
command -v patchelf >/dev/null || need+=(patchelf)  # make install (and its test)
command -v socat >/dev/null || need+=(socat)  # the README's raw-socket example
# compctl render: PNG through librsvg (opened at run time); Inter is the face
# docs/text-metrics.md measures.
dpkg -s librsvg2-2 >/dev/null 2>&1 || need+=(librsvg2-2)
dpkg -s fonts-inter >/dev/null 2>&1 || need+=(fonts-inter)
# The Python client's tests run in a venv (Debian splits venv's ensurepip out).
python3 -c 'import ensurepip' 2>/dev/null || need+=(python3-venv)
# The browser the web client's tests drive (Tests/web).
command -v chromium >/dev/null || need+=(chromium)
command -v chromedriver >/dev/null || need+=(chromium-driver)
for extra in "$@"; do
  dpkg -s "$extra" >/dev/null 2>&1 || need+=("$extra")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "deps: installing ${need[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO=sudo
  log=$(mktemp)
  if ! { $SUDO apt-get update -qq && \
      $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}"; } >"$log" 2>&1; then
    cat "$log" >&2; rm -f "$log"
    echo "deps: installing ${need[*]} failed" >&2
    exit 1
  fi
  rm -f "$log"
fi
# The layout tests' reference (SDK/ScreenKit/Tests/Reference/lexicographic_lp.py) solves linear
# programs with SciPy's linprog (HiGHS).
if ! python3 -c "import scipy.optimize" >/dev/null 2>&1; then
  echo "deps: installing scipy (pip)" >&2
  python3 -m pip install --quiet scipy || python3 -m pip install --quiet --break-system-packages scipy
fi
