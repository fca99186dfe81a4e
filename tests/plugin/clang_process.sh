#!/usr/bin/env bash
# A --process command for tests/execution/run.sh that builds the kernel
# with gas inside clang (-fpass-plugin) instead of processing the SPIR IR:
#
#   tests/execution/run.sh --process "tests/plugin/clang_process.sh LIB"
#
# The harness appends build/<kernel>/spir.<form>.ll; this compiles
# tests/execution/kernels/<kernel>.cl (GAS_KERNEL_DIR elsewhere) the way
# that form is compiled, with the plugin in clang's pipeline (the
# unoptimized form: at -O0, then the same opt passes without it; their
# instcombine does not verify its fixpoint, which LLVM 22 aborts on for
# gas's -O0 output of chain_return), and prints the LLVM IR.
set -euo pipefail
plugin=$1 input=$2
llvm_bin=${LLVM_BIN:-/usr/lib/llvm-22/bin}
kernel=$(basename "$(dirname "$input")")
form=$(basename "$input" .ll)
form=${form#spir.}
source=${GAS_KERNEL_DIR:-$(cd "$(dirname "$0")/../execution/kernels" && pwd)}/$kernel.cl
cc1=("$llvm_bin/clang" -cc1 -triple spir64 -cl-std=CL2.0 -finclude-default-header -emit-llvm
     -fpass-plugin="$plugin")
case "$form" in
inlined) "${cc1[@]}" -O2 "$source" -o - ;;
unoptimized)
    "${cc1[@]}" -O0 -disable-O0-optnone "$source" -o - |
        "$llvm_bin/opt" -S -passes='sroa,mem2reg,instcombine<no-verify-fixpoint>,simplifycfg' ;;
*) echo "clang_process.sh: unknown form $form" >&2; exit 2 ;;
esac
