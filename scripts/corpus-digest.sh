#!/usr/bin/env bash
# One line per corpus input: the md5 of what `gas-opt --pipeline O2 --emit
# llvm-ir` prints for it, for every corpus gas-opt reads (SPIR execution and
# programs, both forms; both on NVPTX and AMDGPU; the CUDA corpus, both
# forms). Two digests taken before and after a change that must not change
# outputs (a move of code) are compared with `diff`.
#   scripts/corpus-digest.sh [GAS_OPT] > digest.txt
# The corpora must be built (scripts/test.sh builds them).
set -euo pipefail
cd "$(dirname "$0")/.."
GAS_OPT=${1:-target/debug/gas-opt}
inputs=(tests/execution/build/*/spir.inlined.ll tests/execution/build/*/spir.unoptimized.ll
    tests/programs/build/*/inlined.ll tests/programs/build/*/unopt.ll
    tests/targets/build/*/*/*/inlined.ll tests/targets/build/*/*/*/unopt.ll
    tests/cuda/gpu/build/*/clang.ll tests/cuda/gpu/build/*/clang-outlined.ll)
for input in "${inputs[@]}"; do
    [ -e "$input" ] || { echo "corpus-digest.sh: no $input (build the corpora first)" >&2; exit 1; }
done
printf '%s\n' "${inputs[@]}" | xargs -P "$(nproc)" -I{} sh -c \
    'printf "%s %s\n" "$("$0" --pipeline O2 --emit llvm-ir "$1" 2>/dev/null | md5sum | cut -d" " -f1)" "$1"' \
    "$GAS_OPT" {} | sort -k2
