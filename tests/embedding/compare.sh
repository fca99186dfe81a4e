#!/usr/bin/env bash
# gas's sets as MLIR passes give the same results as gas-opt's presets:
#   - `gas-opt --pass-pipeline` with the gas passes in O2's order (MLIR's
#     canonicalize and CSE in one nested pipeline, options spelled out)
#     prints the same bytes as `gas-opt --pipeline O2`;
#   - the embedding example (pipelines/examples/embed.rs: its own context,
#     diagnostic handler and one pass manager for everything, no gas driver)
#     prints the same module as `gas-opt --pipeline O2`.
# On every kernel of the execution corpus and every program of the programs
# corpus, both forms (built by tests/execution/run.sh and tests/programs/run.sh).
# Usage: tests/embedding/compare.sh [GAS_OPT [EMBED]]
set -euo pipefail
cd "$(dirname "$0")/../.."
GAS_OPT=${1:-target/debug/gas-opt}
EMBED=${2:-target/debug/examples/embed}
PASS_PIPELINE='builtin.module(gas-raise,gas-check,gas-explicit-cast-tags,gas-propagate{closed-world=auto},gas-builtin-calls{builtins=generic},gas-private-branch-elision,gas-static-global,gas-async-copy-simplify,gas-lower,any(canonicalize,cse))'
# Outputs are not .mlir: tests/files.rs reads those.
BUILD=tests/embedding/build
mkdir -p "$BUILD"
inputs=(tests/execution/build/*/spir.inlined.ll tests/execution/build/*/spir.unoptimized.ll
    tests/programs/build/*/inlined.ll tests/programs/build/*/unopt.ll)
if [ ! -e "${inputs[0]}" ]; then
    echo "compare.sh: build the corpora first (tests/execution/run.sh, tests/programs/run.sh)" >&2
    exit 1
fi
failures=0
for input in "${inputs[@]}"; do
    [ -e "$input" ] || { echo "compare.sh: no $input" >&2; exit 1; }
    "$GAS_OPT" --pipeline O2 "$input" -o "$BUILD/preset.out" 2>/dev/null
    "$GAS_OPT" --pass-pipeline "$PASS_PIPELINE" "$input" -o "$BUILD/passes.out" 2>/dev/null
    "$EMBED" "$input" >"$BUILD/embed.out" 2>/dev/null
    if ! cmp -s "$BUILD/preset.out" "$BUILD/passes.out"; then
        echo "compare.sh: --pass-pipeline differs from --pipeline O2 on $input" >&2
        failures=$((failures + 1))
    fi
    if ! cmp -s "$BUILD/preset.out" "$BUILD/embed.out"; then
        echo "compare.sh: the embedding example differs from --pipeline O2 on $input" >&2
        failures=$((failures + 1))
    fi
done
echo "compare.sh: ${#inputs[@]} inputs, $failures difference(s)"
[ "$failures" -eq 0 ]
