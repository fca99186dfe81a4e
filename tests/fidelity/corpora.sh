#!/usr/bin/env bash
# LLVM IR in, LLVM IR out on every corpus the project has (check.sh on each):
#   - the execution corpus (SPIR, both forms) and the programs corpus;
#   - both, compiled for NVPTX and AMDGPU (tests/targets/build);
#   - the flat inputs (seed 003: tests/execution/flatten.sh of the kernels
#     of flat-kernels.txt), read with --flat-input;
#   - the CUDA programs of tests/cuda, compiled here with clang (no CUDA SDK);
#   - tests/llvm-boundary's fixtures (vendor intrinsics, global flags).
# The SPIR, NVPTX and AMDGPU builds come from tests/execution/run.sh,
# tests/programs/run.sh and tests/targets/run.sh (scripts/test.sh runs them
# first). Prints one line per corpus; exit 1 on any difference.
# Usage: tests/fidelity/corpora.sh [--gas-opt PATH]
set -euo pipefail
cd "$(dirname "$0")/../.."
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
GAS_OPT=target/debug/gas-opt
[ "${1:-}" = --gas-opt ] && GAS_OPT=${2:?--gas-opt needs a path}
export LLVM_BIN
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

failed=0
# corpus NAME [check.sh options] FILES...: one line for the corpus.
corpus() {
    local name=$1
    shift
    local start=$SECONDS
    if tests/fidelity/check.sh --gas-opt "$GAS_OPT" "$@" >"$WORK/$name.log" 2>&1; then
        echo "fidelity $name: $(tail -n 1 "$WORK/$name.log" | sed 's/^fidelity: //') ($((SECONDS - start)) s)"
    else
        failed=1
        echo "fidelity $name: FAILED ($((SECONDS - start)) s)"
        cat "$WORK/$name.log"
    fi
}

need() {
    if ! compgen -G "$1" >/dev/null; then
        echo "corpora.sh: no $1: build the corpora first (scripts/test.sh runs them)" >&2
        exit 1
    fi
}
need 'tests/execution/build/*/spir.inlined.ll'
need 'tests/programs/build/*/inlined.ll'
need 'tests/targets/build/nvptx/*/*/inlined.ll'
need 'tests/targets/build/amdgpu/*/*/inlined.ll'

corpus spir-execution tests/execution/build/*/spir.inlined.ll tests/execution/build/*/spir.unoptimized.ll
corpus spir-programs tests/programs/build/*/inlined.ll tests/programs/build/*/unopt.ll
corpus nvptx tests/targets/build/nvptx/*/*/inlined.ll tests/targets/build/nvptx/*/*/unopt.ll
corpus amdgpu tests/targets/build/amdgpu/*/*/inlined.ll tests/targets/build/amdgpu/*/*/unopt.ll

mkdir -p "$WORK/flat" "$WORK/cuda"
while read -r kernel; do
    for form in inlined unoptimized; do
        tests/execution/flatten.sh "tests/execution/build/$kernel/spir.$form.ll" >"$WORK/flat/$kernel.$form.ll"
    done
done < <(sed 's/#.*//' tests/execution/flat-kernels.txt | awk 'NF { print $1 }')
corpus flat-input --flat-input "$WORK/flat"

cuda_path=$(scripts/cuda-setup.sh)
# one clang per core; a source that fails to compile fails the suite
printf '%s\0' tests/cuda/*.cu | CUDA_PATH=$cuda_path OUT=$WORK/cuda xargs -0 -P "$(nproc)" -I{} sh -c '
    "$LLVM_BIN/clang" -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 --cuda-path="$CUDA_PATH" \
        -Xclang -target-feature -Xclang +ptx80 -O2 -emit-llvm -S \
        "$1" -o "$OUT/$(basename "$1" .cu).ll"' _ {}
corpus cuda "$WORK/cuda"
corpus llvm-boundary tests/llvm-boundary
exit "$failed"
