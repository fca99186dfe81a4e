#!/usr/bin/env bash
# Fuzzes gas-opt's driver with libFuzzer (cargo fuzz, nightly Rust): arbitrary
# MLIR text through parse, verify, O2 (every step verified) and --remarks=all.
# Any crash or abort is a bug: gas must answer bad input with a located error.
# The seed corpus is every `// -----` chunk of the test inputs (tests/**/*.mlir).
# Crashes land in fuzz/artifacts/driver_mlir/; the log in fuzz/last-run.log.
# Usage: scripts/fuzz.sh [SECONDS]   (default 600)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
seconds=${1:-600}
corpus=fuzz/corpus/driver_mlir
mkdir -p "$corpus"
find tests -name '*.mlir' -not -path '*/build/*' | sort | while read -r input; do
    awk -v prefix="$corpus/seed_$(echo "$input" | tr '/.' '__')" '
        /^\/\/ -----$/ { n++; next }
        { print > (prefix "_" n ".mlir") }' n=0 "$input"
done
cd fuzz
# No sanitizer: libFuzzer still catches crashes, aborts and timeouts, and the
# MLIR libraries are not built for one.
cargo +nightly fuzz run --sanitizer none driver_mlir "corpus/driver_mlir" -- \
    -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -max_len=16384 \
    -print_final_stats=1 2>&1 | tee last-run.log | grep -E '^#[0-9]+ *(DONE|pulse)|stat::|SUMMARY|ERROR|crash-' || true
grep -q '^stat::number_of_executed_units' last-run.log
! grep -qE 'ERROR: libFuzzer|SUMMARY' last-run.log
