#!/usr/bin/env bash
# Fuzzes gas-opt's driver with libFuzzer (cargo fuzz, nightly Rust). Targets:
#   driver_mlir    arbitrary MLIR text through parse, verify, O2 (every step
#                  verified) and --remarks=all. Seed corpus: every `// -----`
#                  chunk of the test inputs (tests/**/*.mlir).
#   pipeline_text  arbitrary text as --pass-pipeline and --pipeline; pipelines
#                  of gas passes only are run on a small module. Seed corpus:
#                  every preset's pipeline and fuzz/pipelines.txt.
# Any crash or abort is a bug: gas must answer bad input with a located error.
# Crashes land in fuzz/artifacts/TARGET/; the log in fuzz/last-run.log.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET]   (defaults: 600, driver_mlir)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
seconds=${1:-600}
target=${2:-driver_mlir}
corpus=fuzz/corpus/$target
mkdir -p "$corpus"
case $target in
driver_mlir)
    find tests -name '*.mlir' -not -path '*/build/*' | sort | while read -r input; do
        awk -v prefix="$corpus/seed_$(echo "$input" | tr '/.' '__')" '
            /^\/\/ -----$/ { n++; next }
            { print > (prefix "_" n ".mlir") }' n=0 "$input"
    done
    ;;
pipeline_text)
    cargo build --quiet -p gas-pipelines --bin gas-opt
    for preset in O0 O2 verify; do
        target/debug/gas-opt --pipeline "$preset" --dump-pass-pipeline </dev/null 2>"$corpus/seed_$preset.txt" >/dev/null
    done
    n=0
    while IFS= read -r line; do
        [ -z "$line" ] || [ "${line#\#}" != "$line" ] && continue
        n=$((n + 1))
        printf '%s' "$line" >"$corpus/seed_list_$n.txt"
    done <fuzz/pipelines.txt
    ;;
*) echo "fuzz.sh: unknown target '$target' (driver_mlir, pipeline_text)" >&2; exit 2 ;;
esac
cd fuzz
# No sanitizer: libFuzzer still catches crashes, aborts and timeouts, and the
# MLIR libraries are not built for one.
cargo +nightly fuzz run --sanitizer none "$target" "corpus/$target" -- \
    -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -max_len=16384 \
    -print_final_stats=1 2>&1 | tee last-run.log | grep -aE '^#[0-9]+ *(DONE|pulse)|stat::|SUMMARY|ERROR|crash-' || true
grep -aq '^stat::number_of_executed_units' last-run.log
! grep -aqE 'ERROR: libFuzzer|SUMMARY' last-run.log
