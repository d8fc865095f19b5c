#!/usr/bin/env bash
# The web client's latencies in headless Chromium against the release compd and compd-web:
# page load -> first Login frame painted, keystroke -> its scene.changed painted (medians).
# Figures are printed and written to test-artifacts/web/benchmark.json.
# BASE_DIR=DIR (a checkout of another commit with its release build) runs that checkout's
# benchmark too, alternating with this one round by round (BENCH_ROUNDS, default 3), and
# prints the median of each side's per-round medians: an A/B in one run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
swift build -c release -q
run() {
  (cd "$1" && COMPD_BUILD_DIR="$1/.build/release" python3 -m pytest -q -s Tests/web -k benchmark |
    grep '^web client')
  cp "$1/test-artifacts/web/benchmark.json" "$2"
}
if [ -z "${BASE_DIR:-}" ]; then
  run "$PWD" "$(mktemp)"
  exit 0
fi
base=$(cd "$BASE_DIR" && pwd)
[ -x "$base/.build/release/compd-web" ] || { echo "no release build in $base" >&2; exit 1; }
results=$(mktemp -d)
for round in $(seq "${BENCH_ROUNDS:-3}"); do
  echo "round $round: base $(git -C "$base" rev-parse --short HEAD)"
  run "$base" "$results/base-$round.json"
  echo "round $round: this checkout"
  run "$PWD" "$results/this-$round.json"
done
python3 - "$results" <<'PY'
import glob, json, statistics, sys
for side in ("base", "this"):
    runs = [json.load(open(path)) for path in sorted(glob.glob(f"{sys.argv[1]}/{side}-*.json"))]
    keys = ("socket_open_ms_median", "tree_received_ms_median", "first_frame_ms_median",
            "keystroke_to_applied_ms_median", "keystroke_to_paint_ms_median")
    line = ", ".join(f"{key.removesuffix('_ms_median')} {statistics.median(r[key] for r in runs):.1f} ms"
                     for key in keys if all(key in r for r in runs))
    print(f"{side}: {line} (median of {len(runs)} rounds' medians)")
PY
