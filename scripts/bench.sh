#!/usr/bin/env bash
# Benchmarks: compile speed and memory of gas-opt (O2, O0) against
# mlir-opt --canonicalize (and opt -passes=infer-address-spaces) on generated
# modules of about 150k and 600k operations, with O2's step breakdown; and
# the small programs: the whole gas-opt process (O2, verify, start-up)
# against opt -O2 on every tests/programs and tests/execution/kernels .cl
# compiled by clang 22, both forms, 3 rounds (about 1 min a round);
# writes docs/performance.md and docs/performance.svg.
# Extra arguments go to gas-bench (e.g. --sizes 20000,80000 --runs 5;
# --small-only or --no-small; --small-rounds 1).
# The resolution-quality tables are scripts/resolution-report.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --release --quiet -p gas-pipelines --bin gas-opt -p gas-bench --bin gas-bench
# Five runs unless the arguments say how many (gas-bench takes --runs once).
runs=(--runs 5)
for argument in "$@"; do
    case "$argument" in --runs | --runs=*) runs=() ;; esac
done
target/release/gas-bench "${runs[@]}" "$@"
