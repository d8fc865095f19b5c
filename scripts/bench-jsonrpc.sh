#!/usr/bin/env bash
# Release-mode micro-benchmark of the JSONRPC core (parse, serialize, dispatch of daemon.ping).
# Compiles Sources/JSONRPC with the benchmark directly (no SwiftPM build), prints medians.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/.build/bench-jsonrpc"
mkdir -p "$out"
swiftc -O -parse-as-library -swift-version 6 -I "$root/Sources/CJSONC" \
  "$root"/Sources/JSONRPC/*.swift "$root/Benchmarks/JSONRPCDispatch/main.swift" \
  -module-name JSONRPCBench -ljson-c -o "$out/bench-jsonrpc"
"$out/bench-jsonrpc"
