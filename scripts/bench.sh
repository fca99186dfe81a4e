#!/usr/bin/env bash
# Benchmarks: compile speed and memory of gas-opt (O2, O0) against
# mlir-opt --canonicalize (and opt -passes=infer-address-spaces) on generated
# modules of about 150k and 600k operations, with O2's step breakdown;
# writes docs/performance.md and docs/performance.svg.
# Extra arguments go to gas-bench (e.g. --sizes 20000,80000 --runs 5).
# The resolution-quality tables are scripts/resolution-report.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --release --quiet -p gas-pipelines --bin gas-opt -p gas-bench --bin gas-bench
target/release/gas-bench --runs 5 "$@"
