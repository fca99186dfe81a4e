#!/usr/bin/env bash
# gas as an LLVM pass plugin (capi/target/debug/libgas.so) against gas-opt.
#
#   tests/plugin/run.sh [--gas-opt PATH] [--plugin LIB] [-j N]
#
# 1. `opt -load-pass-plugin=LIB -passes=gas` on every input of the built
#    corpora (programs and execution, SPIR, both forms; programs and
#    execution for NVPTX and AMDGPU, both forms; the CUDA corpus, both
#    forms) must print the same module as `gas-opt --pipeline O2 --emit
#    llvm-ir` (both read back by `opt -S`, module identifiers aside); and
#    `gas<O0>` the same as `--pipeline O0`.
# 2. Parameters: `gas<target=...;closed-world=never>` equals gas-opt's
#    flags; a bad parameter makes opt refuse the pipeline, naming it.
# 3. clang: `-fpass-plugin` runs gas in clang's own pipeline (OpenCL, at
#    -O2 and -O0, CUDA, HIP; the programs corpus and the HIP subset of the
#    CUDA corpus whole), and its warnings are clang warnings (`-Werror`
#    fails the build).
# The corpora must be built (tests/programs/run.sh, tests/execution/run.sh,
# tests/targets/run.sh, tests/cuda/gpu/build.sh). Prints FAIL lines, then
# `inputs: N` and a summary; exit 0 iff nothing failed.
set -u -o pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
. "$ROOT/tests/lib.sh"
lib_common_options
PLUGIN=$ROOT/capi/target/debug/libgas.so
LIB_VALUES[--plugin]=PLUGIN
lib_parse_options "$@"
lib_check_jobs
lib_check_gas_opt
[ -f "$PLUGIN" ] || { echo "run.sh: no plugin at $PLUGIN (cd capi && cargo build)" >&2; exit 2; }
export GAS_OPT PLUGIN LLVM_BIN

# same IN PARAMETERS GAS_OPT_FLAGS...: opt's plugin run and gas-opt's agree.
same() {
  local in=$1 parameters=$2 tmp
  shift 2
  tmp=$(mktemp -d)
  local pass=gas
  [ -z "$parameters" ] || pass="gas<$parameters>"
  if ! "$LLVM_BIN/opt" -load-pass-plugin="$PLUGIN" -passes="$pass" -S "$in" -o "$tmp/plugin.ll" 2>"$tmp/plugin.err"; then
    echo "FAIL $in $pass: opt: $(grep -v 'WARNING: failed to create target machine' "$tmp/plugin.err" | head -n1)"
  elif ! "$GAS_OPT" "$@" --emit llvm-ir "$in" -o "$tmp/gas.ll" 2>/dev/null; then
    echo "FAIL $in: gas-opt $*"
  elif ! cmp -s <(sed 1d "$tmp/gas.ll") <(sed 1d "$tmp/plugin.ll"); then
    # Not the same text: the same module once both are printed by opt?
    "$LLVM_BIN/opt" -S "$tmp/gas.ll" 2>/dev/null | sed 1d >"$tmp/gas.norm"
    "$LLVM_BIN/opt" -S "$tmp/plugin.ll" 2>/dev/null | sed 1d >"$tmp/plugin.norm"
    if ! cmp -s "$tmp/gas.norm" "$tmp/plugin.norm"; then
      echo "FAIL $in $pass: differs from gas-opt $*:"
      diff "$tmp/gas.norm" "$tmp/plugin.norm" | head -n 6
    fi
  fi
  rm -rf "$tmp"
  echo RUN
}
export -f same

inputs=()
for f in "$ROOT"/tests/programs/build/*/unopt.ll "$ROOT"/tests/programs/build/*/inlined.ll \
         "$ROOT"/tests/execution/build/*/spir.*.ll \
         "$ROOT"/tests/targets/build/*/*/*/unopt.ll "$ROOT"/tests/targets/build/*/*/*/inlined.ll \
         "$ROOT"/tests/cuda/gpu/build/*/clang.ll "$ROOT"/tests/cuda/gpu/build/*/clang-outlined.ll; do
  [ -f "$f" ] && inputs+=("$f")
done
[ ${#inputs[@]} -gt 0 ] || { echo "run.sh: no built corpus (see the header)" >&2; exit 2; }

log=$(mktemp)
trap 'rm -f "$log"' EXIT
{
  printf '%s\0' "${inputs[@]}" | xargs -0 -P "$JOBS" -I{} bash -c 'same "$1" "" --pipeline O2' _ {}
  # O0, and parameters against flags, on a sample: one input per corpus.
  for f in "$ROOT"/tests/programs/build/chain_mixed_known/unopt.ll \
           "$ROOT"/tests/execution/build/ptr_loop/spir.inlined.ll; do
    same "$f" "O0" --pipeline O0
    same "$f" "raise;propagate;lower;closed-world=never" --pipeline raise,propagate,lower --closed-world never
    same "$f" "target=spir-igc" --pipeline O2 --target spir-igc
  done
} | tee "$log" | grep -v '^RUN$'
runs=$(grep -c '^RUN$' "$log")
failed=$(grep -c '^FAIL' "$log")

# A bad parameter: opt refuses the pipeline and gas names the problem.
bad_in=${inputs[0]}
if "$LLVM_BIN/opt" -load-pass-plugin="$PLUGIN" -passes='gas<target=x86>' -S "$bad_in" -o /dev/null 2>"$log.err" \
    || ! grep -q 'target=x86' "$log.err"; then
  echo "FAIL gas<target=x86>: opt accepted it or gas did not say why"; failed=$((failed + 1))
fi
rm -f "$log.err"

# clang: OpenCL at -O2 and -O0, CUDA and HIP, with the plugin in clang's
# own pipeline; the output names the spaces gas resolved.
tmp=$(mktemp -d)
cl=$ROOT/examples/generic_pointers.cl
for level in -O2 -O0; do
  if ! "$LLVM_BIN/clang" -cc1 -triple spir64 -cl-std=CL2.0 -finclude-default-header -emit-llvm \
      $level -fpass-plugin="$PLUGIN" "$cl" -o "$tmp/cl.ll" 2>"$tmp/err" \
      || ! "$LLVM_BIN/opt" -passes=verify -disable-output "$tmp/cl.ll" 2>>"$tmp/err"; then
    echo "FAIL clang OpenCL $level -fpass-plugin: $(head -n1 "$tmp/err")"; failed=$((failed + 1))
  elif ! grep -q 'load .* ptr addrspace(3)' "$tmp/cl.ll"; then
    echo "FAIL clang OpenCL $level -fpass-plugin: gas did not run (no local load)"; failed=$((failed + 1))
  fi
  runs=$((runs + 1))
done
cuda_path=$("$ROOT/scripts/cuda-setup.sh")
cu=$ROOT/tests/cuda/helper_chain.cu
if ! "$LLVM_BIN/clang" -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 --cuda-path="$cuda_path" -O2 -S \
    -fpass-plugin="$PLUGIN" "$cu" -o "$tmp/cu.ptx" 2>"$tmp/err"; then
  echo "FAIL clang CUDA -fpass-plugin: $(head -n1 "$tmp/err")"; failed=$((failed + 1))
fi
if ! "$LLVM_BIN/clang" -x hip --cuda-device-only --offload-arch=gfx90a -nogpuinc -nogpulib -O2 \
    -include "$ROOT/tests/cuda/hip/hip_min.h" -emit-llvm -S -fpass-plugin="$PLUGIN" "$cu" \
    -o "$tmp/hip.ll" 2>"$tmp/err"; then
  echo "FAIL clang HIP -fpass-plugin: $(head -n1 "$tmp/err")"; failed=$((failed + 1))
fi
runs=$((runs + 2))
# Whole corpora built by clang with the plugin: every OpenCL program (-O2,
# read back by LLVM's verifier) and the HIP subset of the CUDA corpus (what
# clang compiles as HIP without it; -O2 and -fno-inline; then llc for
# gfx90a).
# (one clang per job; each prints RUN, and FAIL lines, counted below)
program_with_plugin() { # OpenCL source
  local out
  out=$(mktemp -d)
  if ! "$LLVM_BIN/clang" -cc1 -triple spir64 -cl-std=CL2.0 -finclude-default-header -emit-llvm -O2 \
      -fpass-plugin="$PLUGIN" "$1" -o "$out/p.ll" 2>"$out/err" \
      || ! "$LLVM_BIN/opt" -passes=verify -disable-output "$out/p.ll" 2>>"$out/err"; then
    echo "FAIL clang -fpass-plugin $(basename "$1"): $(grep -m1 . "$out/err")"
  fi
  echo RUN
  rm -rf "$out"
}
hip_with_plugin() { # CUDA source: nothing when clang does not compile it as HIP
  local out form hip=(-x hip --cuda-device-only --offload-arch=gfx90a -nogpuinc -nogpulib -O2 -emit-llvm -S
                      -include "$ROOT/tests/cuda/hip/hip_min.h")
  "$LLVM_BIN/clang" "${hip[@]}" "$1" -o /dev/null 2>/dev/null || return 0
  out=$(mktemp -d)
  for form in "" -fno-inline; do
    if ! "$LLVM_BIN/clang" "${hip[@]}" $form -fpass-plugin="$PLUGIN" "$1" -o "$out/h.ll" 2>"$out/err" \
        || ! "$LLVM_BIN/llc" -O3 -mcpu=gfx90a -filetype=obj "$out/h.ll" -o /dev/null 2>>"$out/err"; then
      echo "FAIL clang HIP $form -fpass-plugin $(basename "$1"): $(grep -m1 . "$out/err")"
    fi
    echo RUN HIP
  done
  rm -rf "$out"
}
export -f program_with_plugin hip_with_plugin
export ROOT
{
  printf '%s\0' "$ROOT"/tests/programs/*.cl | xargs -0 -P "$JOBS" -I{} bash -c 'program_with_plugin "$1"' _ {}
  printf '%s\0' "$ROOT"/tests/cuda/*.cu | xargs -0 -P "$JOBS" -I{} bash -c 'hip_with_plugin "$1"' _ {}
} >"$tmp/corpora.log"
grep '^FAIL' "$tmp/corpora.log" || true
runs=$((runs + $(grep -c '^RUN' "$tmp/corpora.log")))
# A broken HIP command line would skip every program silently.
if [ "$(grep -c '^RUN HIP' "$tmp/corpora.log")" -eq 0 ]; then
  echo "FAIL clang HIP: no program of tests/cuda compiles as HIP"; failed=$((failed + 1))
fi
failed=$((failed + $(grep -c '^FAIL' "$tmp/corpora.log")))
# A gas warning is a clang warning: -Werror fails the build.
warn=$HERE/warns.cl
if ! "$LLVM_BIN/clang" -cc1 -triple spir64 -cl-std=CL2.0 -finclude-default-header -emit-llvm -O2 \
    -fpass-plugin="$PLUGIN" "$warn" -o /dev/null 2>"$tmp/err" || ! grep -q 'warning: .*to_local always' "$tmp/err"; then
  echo "FAIL clang: gas's warning is not reported: $(head -n1 "$tmp/err")"; failed=$((failed + 1))
fi
if "$LLVM_BIN/clang" -cc1 -triple spir64 -cl-std=CL2.0 -finclude-default-header -emit-llvm -O2 \
    -Werror -fpass-plugin="$PLUGIN" "$warn" -o /dev/null 2>/dev/null; then
  echo "FAIL clang -Werror: gas's warning did not fail the build"; failed=$((failed + 1))
fi
runs=$((runs + 2))
rm -rf "$tmp"

echo "inputs: ${#inputs[@]}"
echo "plugin: $runs runs, $failed failed"
[ "$failed" -eq 0 ]
