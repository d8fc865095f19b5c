# Sourced by scripts/bench-layout.sh and scripts/bench-layout-callgrind.sh: builds LayoutBench
# in release from the commit BASE (default HEAD~1), from `git archive` in .build-base (which
# is gitignored), and sets `rev` (the commit) and `base_bin` (its LayoutBench). With
# BASE_HARNESS=this (callgrind sets it), the base is built with this tree's LayoutBench
# sources but its own LoginScreen.swift (which sets engine options), so that only the library
# differs for the shapes callgrind counts.
rev=$(git rev-parse --verify "${BASE:-HEAD~1}^{commit}")
mkdir -p .build-base
if [ "$(cat .build-base/rev 2>/dev/null || true)" != "$rev" ]; then
  rm -rf .build-base/src
  mkdir -p .build-base/src
  git archive "$rev" SDK | tar -x -C .build-base/src
  echo "$rev" > .build-base/rev
fi
rm -rf .build-base/src/SDK/ScreenKit/Benchmarks/LayoutBench
if [ "${BASE_HARNESS:-}" = this ]; then
  cp -R SDK/ScreenKit/Benchmarks/LayoutBench .build-base/src/SDK/ScreenKit/Benchmarks/LayoutBench
  # The login screen steers the engine's options through the API its own version has.
  git show "$rev:SDK/ScreenKit/Benchmarks/LayoutBench/LoginScreen.swift" \
    > .build-base/src/SDK/ScreenKit/Benchmarks/LayoutBench/LoginScreen.swift
else
  git archive "$rev" SDK/ScreenKit/Benchmarks/LayoutBench | tar -x -C .build-base/src
fi
swift build --package-path .build-base/src/SDK/ScreenKit -c release --product LayoutBench \
  --scratch-path .build-base/build
base_bin=$(swift build --package-path .build-base/src/SDK/ScreenKit -c release --product LayoutBench \
  --scratch-path .build-base/build --show-bin-path)/LayoutBench
