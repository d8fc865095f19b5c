#!/bin/sh
# Layout A/B by counting, not timing: for each shape, the instructions and simulated cache
# misses of LayoutBench's full layouts, of its one-leaf relayouts and, for the shapes it
# forces (constraints, cards, scroll-form), of its relayouts with nothing changed (and the
# heap allocations of the whole run), under `valgrind --tool=callgrind --cache-sim=yes`, for
# this tree and for BASE (default HEAD~1).
# Both sides run this tree's LayoutBench sources (copied into BASE's `git archive` in
# .build-base, as scripts/bench-layout.sh builds it), so only the library differs. Each phase
# is a function of its own in LayoutBench (`Phase`), collected alone with --toggle-collect.
# Deterministic: the counts do not depend on the machine's load, unlike wall times on a
# shared host. Arguments: shape names (default: the direct shapes).
set -eu
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "bench-layout-callgrind: needs valgrind" >&2; exit 1; }
swift build --package-path SDK/ScreenKit -c release --product LayoutBench

BASE_HARNESS=this
. scripts/bench-layout-base.sh

shapes=${*:-huge-nested-10k wide deep rows super-deep}
out=.build-base/callgrind
rm -rf "$out"
mkdir -p "$out"
for shape in $shapes; do
  phases="full leaf"
  case "$shape" in constraints* | cards | scroll-form*) phases="full leaf forced" ;; esac
  for phase in $phases; do
    for side in base new; do
      bin=SDK/ScreenKit/.build/release/LayoutBench
      [ "$side" = base ] && bin=$base_bin
      echo "callgrind: $shape $phase $side" >&2
      valgrind --tool=callgrind --cache-sim=yes --collect-atstart=no \
        --toggle-collect="*LayoutBench5PhaseO${#phase}${phase}y*" \
        --callgrind-out-file="$out/$shape.$phase.$side" "$bin" --quick "$shape" \
        >/dev/null 2>"$out/$shape.$phase.$side.log"
    done
  done
done

python3 - "$out" "$rev" $shapes <<'PY'
import os, re, sys
out, rev, shapes = sys.argv[1], sys.argv[2], sys.argv[3:]

def counts(path):
    """Totals of the collected events, and the calls to malloc in the whole run (callgrind
    counts calls outside the collected phase too: building the trees included)."""
    names, totals, mallocs, callee = {}, {}, 0, None
    for line in open(path):
        if line.startswith("events:"):
            events = line.split()[1:]
        elif line.startswith("totals:") or line.startswith("summary:"):
            totals = dict(zip(events, map(int, line.split()[1:])))
        elif line.startswith("cfn="):
            m = re.match(r"cfn=\((\d+)\)(?: (.*))?", line.strip())
            if m.group(2): names[m.group(1)] = m.group(2)
            callee = names.get(m.group(1))
        elif line.startswith("fn="):
            m = re.match(r"fn=\((\d+)\)(?: (.*))?", line.strip())
            if m and m.group(2): names[m.group(1)] = m.group(2)
        elif line.startswith("calls=") and callee == "malloc":
            mallocs += int(line.split()[0][6:])
    d1 = totals.get("D1mr", 0) + totals.get("D1mw", 0)
    ll = totals.get("DLmr", 0) + totals.get("DLmw", 0)
    return totals.get("Ir", 0), d1, ll, mallocs

print(f"callgrind A/B against {rev[:9]} (base → this tree), LayoutBench --quick, all its trees")
print(f"{'shape':<17} {'phase':<6} {'instructions':>27} {'D1 misses':>24} "
      f"{'LL misses':>20} {'mallocs (whole run)':>24}")
for shape in shapes:
    for phase in ("full", "leaf", "forced"):
        if not os.path.exists(f"{out}/{shape}.{phase}.new"):
            continue
        b = counts(f"{out}/{shape}.{phase}.base")
        n = counts(f"{out}/{shape}.{phase}.new")
        cells = []
        for old, new, width in zip(b, n, (13, 10, 8, 6)):
            change = f"{(new - old) / old * 100:+.1f}%" if old else "—"
            cells.append(f"{old:>{width},} → {new:>{width},} {change:>7}")
        print(f"{shape:<17} {phase:<6} " + " ".join(cells))
PY
