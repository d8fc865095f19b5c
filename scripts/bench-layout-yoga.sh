#!/bin/sh
# The huge-nested shapes of the layout benchmark against Yoga, the reference issue 3 names:
# builds SDK/ScreenKit/Benchmarks/YogaReference against a Yoga checkout (YOGA_DIR, the repository's
# root) with clang++ -O2, then runs it and LayoutBench alternately RUNS times (default 5)
# and prints each run's 100k/10k ratios, warm and with caches evicted, and their medians.
#   YOGA_DIR=~/src/yoga scripts/bench-layout-yoga.sh [RUNS]
set -eu
cd "$(dirname "$0")/.."
: "${YOGA_DIR:?set YOGA_DIR to a checkout of https://github.com/facebook/yoga}"
if [ ! -f "$YOGA_DIR/yoga/Yoga.h" ]; then
  echo "bench-layout-yoga: $YOGA_DIR/yoga/Yoga.h not found (YOGA_DIR is the repository root)" >&2
  exit 2
fi
runs=${1:-5}
case $runs in '' | *[!0-9]*) echo "bench-layout-yoga: RUNS must be a number" >&2; exit 2 ;; esac
out=.build-yoga
mkdir -p "$out"
if [ ! -x "$out/huge_nested" ] || [ SDK/ScreenKit/Benchmarks/YogaReference/huge_nested.cpp -nt "$out/huge_nested" ]; then
  echo "building the Yoga reference from $YOGA_DIR"
  clang++ -O2 -DNDEBUG -std=c++20 -I"$YOGA_DIR" $(find "$YOGA_DIR/yoga" -name '*.cpp') \
    SDK/ScreenKit/Benchmarks/YogaReference/huge_nested.cpp -o "$out/huge_nested"
fi
swift build --package-path SDK/ScreenKit -c release --product LayoutBench >/dev/null
shapes="huge-nested-10k huge-nested-100k huge-nested-10k-cold huge-nested-100k-cold"
: >"$out/results"
i=0
while [ "$i" -lt "$runs" ]; do
  "$out/huge_nested" | sed 's/^/yoga /' >>"$out/results"
  # shellcheck disable=SC2086
  SDK/ScreenKit/.build/release/LayoutBench $shapes | grep '^{' | sed 's/^/screenkit /' >>"$out/results"
  echo "run $((i + 1)) of $runs"
  i=$((i + 1))
done
python3 - "$out/results" <<'PY'
import json, statistics, sys
runs = {}
for line in open(sys.argv[1]):
    engine, record = line.split(" ", 1)
    o = json.loads(record)
    runs.setdefault(engine, []).append(o)
for engine in ("screenkit", "yoga"):
    records = runs.get(engine, [])
    by = {}
    for o in records:
        by.setdefault(o["shape"], []).append(o["full_ms"])
    n = len(by.get("huge-nested-10k", []))
    warm = [b / a for a, b in zip(by["huge-nested-10k"], by["huge-nested-100k"])]
    cold = [b / a for a, b in zip(by["huge-nested-10k-cold"], by["huge-nested-100k-cold"])]
    per_node = statistics.median(by["huge-nested-10k"]) * 1000 / 11111
    print(f"{engine:9}  10k µs/node (median of run medians) {per_node:.2f}")
    print(f"{engine:9}  100k/10k warm: {' '.join(f'{r:.2f}' for r in warm)}  median {statistics.median(warm):.2f}")
    print(f"{engine:9}  100k/10k cold: {' '.join(f'{r:.2f}' for r in cold)}  median {statistics.median(cold):.2f}")
PY
