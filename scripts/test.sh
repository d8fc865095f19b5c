#!/usr/bin/env bash
# Builds everything and runs every test suite; exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== ScreenKit (SDK package)"
swift test --package-path SDK
echo "== compd (root package)"
swift build
swift test
