#!/bin/sh
# Layout benchmark, A/B in one run: release builds of SDK's LayoutBench from this tree and
# from a base commit (BASE, default HEAD~1; built from `git archive` in .build-base, which
# is gitignored), run alternately ROUNDS times (default 3, base first), then each shape's
# median full layout, one-leaf relayout, nothing-changed relayout and forced relayout over
# all rounds for both, the ratio new/base, and the median of the per-round ratios.
# Arguments are passed on to LayoutBench (shape names, --quick for fewer iterations).
# NO_BASE=1 runs this tree alone; BASE_HARNESS=this runs the base with this tree's LayoutBench
# sources (scripts/bench-layout-base.sh).
set -eu
cd "$(dirname "$0")/.."
swift build --package-path SDK/ScreenKit -c release --product LayoutBench
if [ "${NO_BASE:-}" = 1 ]; then exec SDK/ScreenKit/.build/release/LayoutBench "$@"; fi

. scripts/bench-layout-base.sh

out=.build-base/results
rm -rf "$out"
mkdir -p "$out"
rounds=${ROUNDS:-3}
i=1
while [ "$i" -le "$rounds" ]; do
  echo "round $i/$rounds: base $(echo "$rev" | cut -c1-9)" >&2
  "$base_bin" "$@" > "$out/base-$i.txt"
  echo "round $i/$rounds: this tree" >&2
  SDK/ScreenKit/.build/release/LayoutBench "$@" > "$out/new-$i.txt"
  i=$((i + 1))
done

python3 - "$out" "$rev" <<'PY'
import glob, json, statistics, sys
out, rev = sys.argv[1], sys.argv[2]
def load(kind):
    shapes = {}
    for path in sorted(glob.glob(f"{out}/{kind}-*.txt")):
        for line in open(path):
            if line.startswith("{\"shape\""):
                row = json.loads(line)
                shapes.setdefault(row["shape"], []).append(row)
    return shapes
base, new = load("base"), load("new")
# The login screen's default-options variant was `login-anchor-chains` before every root
# was laid out by its session: compare it with `login-session`, the defaults now.
if "login-session" not in base and "login-anchor-chains" in base:
    base["login-session"] = base.pop("login-anchor-chains")
fields = [("full_ms", "full ms"), ("leaf_ms", "leaf ms"), ("noop_us", "noop µs"),
          ("forced_ms", "forced ms")]
# The login screen's rows have fields of their own, under a header of their own.
login_fields = [("full_us", "full µs"), ("text_us", "typing µs"), ("noop_us", "noop µs")]
print(f"A/B against {rev[:9]}: medians over the rounds (base → this tree, ratio)")
header = None
for shape, rows in new.items():
    shape_fields = login_fields if "full_us" in rows[0] else fields
    if shape_fields is not header:
        header = shape_fields
        print(f"{'shape':<22} " + "  ".join(f"{label:>24}" for _, label in header))
    cells = []
    for key, _ in shape_fields:
        if not any(key in r for r in rows):
            continue
        b = [r[key] for r in base.get(shape, []) if key in r]
        n = [r[key] for r in rows if key in r]
        if not b or not n:
            cells.append(f"{'':>24}")
            continue
        mb, mn = statistics.median(b), statistics.median(n)
        ratio = mn / mb if mb else float("nan")
        cells.append(f"{mb:>8.3f} → {mn:>8.3f} {ratio:>5.2f}")
    print(f"{shape:<22} " + "  ".join(cells))
# Rounds run back to back, so each round's pair saw the same machine load: the median of
# the per-round ratios of full layout is the robust comparison on a shared host.
print("median of per-round ratios (this tree / base), full layout:")
for shape, rows in new.items():
    key = "full_ms" if "full_ms" in rows[0] else "full_us"
    pairs = [n[key] / b[key] for b, n in zip(base.get(shape, []), rows) if b.get(key)]
    if pairs:
        print(f"  {shape:<22} {statistics.median(pairs):.2f}  "
              f"({min(pairs):.2f}–{max(pairs):.2f} over {len(pairs)} rounds)")
PY
