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
# The accessibility checks of the web client (Tests/web/test_web_accessibility.py) run
# axe-core in Chromium. PyPI's axe-selenium-python installs axe-core 3.1.1 (2018) on this
# machine's Python 3.11 (its newer releases need 3.12 and bring 4.10.2); the axe-core
# 4.12.1 the tests run comes inside axe-playwright-python 0.1.8's wheel (a universal
# py3-none-any wheel, fetched without installing it or its dependencies), checked by hash.
AXE_DIR="$(cd "$(dirname "$0")/.." && pwd)/.build/axe"
AXE_WHEEL_VERSION=0.1.8
AXE_SHA256=84494fec757e4710dc751c8d7a636e457f4532f08f85c86dc9070133fbff53bc
if [ ! -f "$AXE_DIR/axe.min.js" ]; then
  echo "deps: fetching axe-core 4.12.1 (axe-playwright-python $AXE_WHEEL_VERSION from PyPI)" >&2
  wheels=$(mktemp -d)
  if ! python3 -m pip download --quiet --no-deps --only-binary=:all: --dest "$wheels" \
      "axe-playwright-python==$AXE_WHEEL_VERSION" >&2; then
    rm -rf "$wheels"
    echo "deps: cannot download axe-playwright-python $AXE_WHEEL_VERSION from PyPI (no network?);" \
      "the web accessibility tests need $AXE_DIR/axe.min.js" >&2
    exit 1
  fi
  mkdir -p "$AXE_DIR"
  python3 - "$wheels" "$AXE_DIR" "$AXE_SHA256" <<'PY'
import glob, hashlib, os, sys, zipfile
wheels, target, expected = sys.argv[1:]
wheel = glob.glob(os.path.join(wheels, "*.whl"))[0]
data = zipfile.ZipFile(wheel).read("axe_playwright_python/axe.min.js")
digest = hashlib.sha256(data).hexdigest()
if digest != expected:
    sys.exit(f"deps: axe.min.js in {os.path.basename(wheel)} has SHA-256 {digest}, expected {expected}")
with open(os.path.join(target, "axe.min.js.part"), "wb") as out:
    out.write(data)
os.replace(os.path.join(target, "axe.min.js.part"), os.path.join(target, "axe.min.js"))
PY
  rm -rf "$wheels"
fi
