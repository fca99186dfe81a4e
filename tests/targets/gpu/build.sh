#!/usr/bin/env bash
# Builds tests/targets/gpu/kernels.cl for the H100 (sm_90) three ways and
# leaves the PTX in tests/targets/gpu/build/ with run.py, for
# `tests/targets/gpu/run.py` on a machine with CuPy (README.md):
#   clang.ptx   clang -O2 for nvptx64-nvidia-cuda, then llc -O3: what users
#               get today (llc runs LLVM's InferAddressSpaces itself);
#   gas-O0.ptx  the same IR through gas-opt --pipeline O0 (nothing resolved);
#   gas-O2.ptx  the same IR through gas-opt --pipeline O2.
# It prints the PTX's memory instructions by state space for each build.
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd ../../.. && pwd)
llvm_bin=${LLVM_BIN:-/usr/lib/llvm-22/bin}
gas_opt=${GAS_OPT:-$root/target/debug/gas-opt}
[ -x "$gas_opt" ] || (cd "$root" && cargo build --quiet -p gas-pipelines --bin gas-opt)
mkdir -p build
"$llvm_bin/clang" -cc1 -triple nvptx64-nvidia-cuda -cl-std=CL2.0 -finclude-default-header \
    -emit-llvm -O2 kernels.cl -o build/clang.ll
for pipeline in O0 O2; do
    "$gas_opt" --pipeline "$pipeline" --target nvptx --emit llvm-ir build/clang.ll -o "build/gas-$pipeline.ll"
done
for build in clang gas-O0 gas-O2; do
    "$llvm_bin/opt" -passes=verify -disable-output "build/$build.ll"
    "$llvm_bin/llc" -O3 -march=nvptx64 -mcpu=sm_90 "build/$build.ll" -o "build/$build.ptx"
done
# Loads and stores by state space (generic: no space in the instruction).
printf '| build | generic ld/st | shared ld/st | global ld/st | local ld/st |\n| --- | --- | --- | --- | --- |\n'
for build in clang gas-O0 gas-O2; do
    awk -v build="$build" '
        $1 ~ /^(ld|st)\./ && $1 !~ /\.param\./ {
            if ($1 ~ /\.shared\./) shared++
            else if ($1 ~ /\.global\./) global++
            else if ($1 ~ /\.local\./) local++
            else generic++
        }
        END { printf "| %s | %d | %d | %d | %d |\n", build, generic, shared, global, local }
    ' "build/$build.ptx"
done
