#!/usr/bin/env bash
# Debug builds through gas: every corpus compiled with line tables and with
# full debug info, next to the same build without, through O2.
#
#   tests/debug/run.sh [--gas-opt PATH] [-j N] [--keep] [corpus...]
#
# Corpora (default: all):
#   programs    tests/programs/*.cl           spir64, unopt and inlined
#   execution   tests/execution/kernels/*.cl  spir64, unopt and inlined
#   nvptx       tests/programs/*.cl           nvptx64-nvidia-nvcl, both forms
#   amdgpu      tests/programs/*.cl           amdgcn-amd-amdhsa gfx90a, both forms
#   cuda        tests/cuda/*.cu               sm_90, -O2 and -O2 -fno-inline
#   hip         tests/cuda/*.cu (the HIP subset of tests/cuda/hip.sh), gfx90a
#   flat        tests/execution/flat-kernels.txt, flattened (--flat-input)
# Debug kinds: `lt` (clang -cc1 -debug-info-kind=line-tables-only, CUDA/HIP
# -gline-tables-only) and `g` (-debug-info-kind=constructor, -g); the
# nvptx, amdgpu and flat corpora (the same OpenCL sources again) take `g`
# only, which holds every construct line tables have.
#
# For each source, form and kind:
#   1. `gas-opt --pipeline O2` (the target from the triple) exits 0; its
#      text output is read back by LLVM (`opt -passes=verify`), and so is
#      its bitcode output (`-o x.bc`);
#   2. -g changes no code: the O2 output equals the O2 output of the same
#      build stripped of its debug info (`opt --strip-debug
#      -passes=strip-nondebug`; clang's own -g build may name things
#      differently), once both are stripped (metadata lines and
#      instruction attachments dropped: value names and metadata aside).
#      Metadata is left out on purpose: in a function gas rewrote, the
#      export pairs instructions with their originals by text position,
#      which a debug build's own locations replace, so kinds MLIR does not
#      carry (`!fpmath`, `!tbaa.struct`) are not restored there (gas-opt
#      warns, naming each);
#   3. the backend takes it: NVPTX `llc -mcpu=sm_90` (CUDA: then `ptxas`),
#      AMDGPU `llc -filetype=obj` then `llvm-dwarfdump --verify`.
# Only O2 runs here (the full sets and pipelines run on the non-debug forms
# in the other suites): debug info is carried by the LLVM boundary and the
# clone helper, which O2 exercises, and every pipeline over three kinds
# would triple the suite's time. The execution oracle runs the debug forms
# too (scripts/test.sh: execution-debug).
# Where -g still changes code, tests/debug/known-differences.txt lists the
# source (open bugs): a difference not listed fails, and so does a listed
# one that is gone.
# Sources clang refuses without -g too for a target are skipped (as
# tests/targets/run.sh does). Prints FAIL lines, then `runs: N` and a
# summary; exit 0 iff nothing failed.
set -u -o pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
. "$ROOT/tests/lib.sh"
lib_common_options
lib_parse_options "$@"
lib_check_jobs
lib_check_gas_opt
CORPORA=("${LIB_ARGS[@]}")
[ ${#CORPORA[@]} -gt 0 ] || CORPORA=(programs execution nvptx amdgpu cuda hip flat)
BUILD=$HERE/build
CUDA_PATH=""
for corpus in "${CORPORA[@]}"; do
  case "$corpus" in
    programs|execution|nvptx|amdgpu|flat) ;;
    cuda|hip) [ -n "$CUDA_PATH" ] || CUDA_PATH=$("$ROOT/scripts/cuda-setup.sh") ;;
    *) echo "run.sh: unknown corpus $corpus" >&2; exit 2 ;;
  esac
done
export BUILD LLVM_BIN GAS_OPT TIMEOUT KEEP CUDA_PATH ROOT HERE

# ocl_flags TARGET KIND: clang -cc1 flags
ocl_flags() {
  case "$1" in
    spir) echo "-triple spir64 -cl-std=CL2.0 -finclude-default-header -emit-llvm" ;;
    # The extensions NVPTX hardware has (as tests/targets/run.sh gives them).
    nvptx) echo "-triple nvptx64-nvidia-nvcl -cl-std=CL2.0 -finclude-default-header -emit-llvm -cl-ext=+__opencl_c_atomic_order_acq_rel,+__opencl_c_atomic_order_seq_cst,+__opencl_c_atomic_scope_device,+__opencl_c_atomic_scope_all_devices,+__opencl_c_program_scope_global_variables,+__opencl_c_work_group_collective_functions,+cl_khr_int64_base_atomics,+cl_khr_int64_extended_atomics,+cl_khr_fp16" ;;
    amdgpu) echo "-triple amdgcn-amd-amdhsa -target-cpu gfx90a -cl-std=CL2.0 -finclude-default-header -emit-llvm" ;;
  esac
  case "$2" in
    lt) echo "-debug-info-kind=line-tables-only -dwarf-version=5" ;;
    g) echo "-debug-info-kind=constructor -dwarf-version=5" ;;
  esac
}

# compile CORPUS SOURCE FORM KIND OUT: the input gas gets
compile() {
  local corpus=$1 src=$2 form=$3 kind=$4 out=$5 d flags
  d=$(dirname "$out")
  case "$corpus" in
    cuda|hip)
      if [ "$corpus" = cuda ]; then
        flags=(-x cuda --cuda-device-only --cuda-gpu-arch=sm_90 --cuda-path="$CUDA_PATH"
               -Xclang -target-feature -Xclang +ptx80 -O2 -emit-llvm -S)
      else
        flags=(-x hip --cuda-device-only --offload-arch=gfx90a -nogpuinc -nogpulib -O2
               -emit-llvm -S -include "$ROOT/tests/cuda/hip/hip_min.h")
      fi
      [ "$form" = outlined ] && flags+=(-fno-inline)
      case "$kind" in lt) flags+=(-gline-tables-only) ;; g) flags+=(-g) ;; esac
      "$LLVM_BIN/clang" "${flags[@]}" "$src" -o "$out" 2>"$out.err" ;;
    flat)
      local ocl=$d/ocl.$kind
      mkdir -p "$ocl"
      # shellcheck disable=SC2046
      if [ "$form" = unopt ]; then
        lib_form_unopt "$src" "$ocl" "$out.err" $(ocl_flags spir "$kind")
      else
        lib_form_inlined "$src" "$ocl" "$out.err" $(ocl_flags spir "$kind")
      fi && "$ROOT/tests/execution/flatten.sh" "$ocl/$form.ll" >"$out" 2>>"$out.err" ;;
    *)
      local target=spir
      [ "$corpus" = nvptx ] || [ "$corpus" = amdgpu ] && target=$corpus
      # shellcheck disable=SC2046
      if [ "$form" = unopt ]; then
        lib_form_unopt "$src" "$d" "$out.err" $(ocl_flags "$target" "$kind") && mv "$d/unopt.ll" "$out"
      else
        lib_form_inlined "$src" "$d" "$out.err" $(ocl_flags "$target" "$kind") && mv "$d/inlined.ll" "$out"
      fi ;;
  esac
}

# stripped FILE: the code of an LLVM IR file without debug info or names
stripped() {
  "$LLVM_BIN/opt" -S --strip-debug -passes=strip-nondebug "$1" 2>/dev/null |
    grep -v -e '^!' -e '^; ModuleID' | sed -E 's/,? !kernel_arg_[a-z_]+ ![0-9]+//g; s/, ![a-z][a-z0-9._]* ![0-9]+//g; s/![0-9]+/!M/g'
}

# o2 IN OUT WHAT FLAGS...: gas-opt O2; for a debug build (not the
# stripped twin, which the other suites cover) its text and bitcode read
# back by LLVM; prints FAIL lines (WHAT names the run)
o2() {
  local in=$1 out=$2 what=$3 err=${2%.ll}
  shift 3
  rm -f "$out" "$err.bc"
  if ! timeout "$TIMEOUT" "$GAS_OPT" "$@" --pipeline O2 --emit llvm-ir "$in" -o "$out" 2>"$err.err"; then
    rm -f "$out"
    echo "FAIL $what gas-opt: $(grep -m1 . "$err.err")"
    return 1
  fi
  case "$what" in *"(stripped)") return 0 ;; esac
  if ! timeout "$TIMEOUT" "$GAS_OPT" "$@" --pipeline O2 "$in" -o "$err.bc" 2>>"$err.err"; then
    echo "FAIL $what gas-opt (bitcode): $(grep -m1 . "$err.err")"
    return 1
  fi
  if ! "$LLVM_BIN/opt" -passes=verify -disable-output "$out" 2>"$err.verify" \
      || ! "$LLVM_BIN/opt" -passes=verify -disable-output "$err.bc" 2>>"$err.verify"; then
    echo "FAIL $what read back: $(grep -v 'failed to create target machine' "$err.verify" | grep -m1 .)"
    return 1
  fi
}

# backend CORPUS OUT WHAT: llc (and ptxas, llvm-dwarfdump --verify)
backend() {
  local corpus=$1 out=$2 what=$3 base=${2%.ll}
  case "$corpus" in
    nvptx|cuda)
      if ! "$LLVM_BIN/llc" -mcpu=sm_90 -mattr=+ptx80 "$out" -o "$base.ptx" 2>"$base.llc"; then
        echo "FAIL $what llc: $(grep -m1 . "$base.llc")"
      elif [ "$corpus" = cuda ] && ! "$CUDA_PATH/bin/ptxas" -arch=sm_90 "$base.ptx" -o /dev/null 2>"$base.ptxas"; then
        echo "FAIL $what ptxas: $(grep -m1 . "$base.ptxas")"
      fi ;;
    amdgpu|hip)
      if ! "$LLVM_BIN/llc" -mcpu=gfx90a -filetype=obj "$out" -o "$base.o" 2>"$base.llc"; then
        echo "FAIL $what llc: $(grep -m1 . "$base.llc")"
      elif ! "$LLVM_BIN/llvm-dwarfdump" --verify "$base.o" >"$base.dwarf" 2>&1; then
        echo "FAIL $what llvm-dwarfdump --verify: $(grep -m1 -i error "$base.dwarf")"
      fi ;;
  esac
}

# task CORPUS SOURCE FORM: both debug kinds of one source and form
task() {
  local corpus=$1 src=$2 form=$3 name d kind in what flat_flag=()
  name=$(basename "$src"); name=${name%.*}
  d=$BUILD/$corpus/$name/$form
  mkdir -p "$d"
  [ "$corpus" = flat ] && flat_flag=(--flat-input)
  [ "$corpus" = flat ] && src=$ROOT/tests/execution/kernels/$name.cl
  local kinds="lt g"
  # The same OpenCL sources for other targets, and the flat inputs: full
  # debug info only (a superset of line tables' constructs), for time.
  case "$corpus" in nvptx|amdgpu|flat) kinds=g ;; esac
  for kind in $kinds; do
    in=$d/$kind.ll
    what="$corpus $name $form $kind"
    if ! lib_fresh "$in" "$src"; then
      rm -f "$in"
      if ! compile "$corpus" "$src" "$form" "$kind" "$in"; then
        rm -f "$in"
        # A source clang refuses for the target (without -g too) is skipped.
        if compile "$corpus" "$src" "$form" none "$d/none.ll"; then
          echo "FAIL $what compile: $(head -n 1 "$in.err")"
        else
          echo "SKIP $what"
        fi
        continue
      fi
    fi
    # The same build without debug info: what -g must not change.
    "$LLVM_BIN/opt" -S --strip-debug "$in" -o "$d/$kind.stripped.ll" 2>/dev/null
    echo RUN
    o2 "$in" "$d/$kind.O2.ll" "$what" "${flat_flag[@]}" || continue
    backend "$corpus" "$d/$kind.O2.ll" "$what"
    o2 "$d/$kind.stripped.ll" "$d/$kind.stripped.O2.ll" "$what (stripped)" "${flat_flag[@]}" || continue
    if ! diff <(stripped "$d/$kind.stripped.O2.ll") <(stripped "$d/$kind.O2.ll") >"$d/$kind.diff"; then
      if grep -qxF "$what" "$HERE/known-differences.txt"; then
        echo "KNOWN $what"
      else
        echo "FAIL $what: -g changes the code ($(grep -c '^[<>]' "$d/$kind.diff") lines differ; ${d#"$ROOT"/}/$kind.diff)"
      fi
    elif grep -qxF "$what" "$HERE/known-differences.txt"; then
      echo "FAIL $what: listed in known-differences.txt but -g no longer changes its code: delete the line"
    fi
  done
  [ "$KEEP" = 1 ] || rm -f "$d"/*.bc "$d"/*.o "$d"/*.ptx
}
export -f ocl_flags compile stripped o2 backend task

sources() {
  local corpus=$1 forms src
  case "$corpus" in
    cuda) forms="inlined outlined" ;;
    hip) forms="inlined outlined" ;;
    *) forms="unopt inlined" ;;
  esac
  case "$corpus" in
    programs|nvptx|amdgpu) set -- "$ROOT"/tests/programs/*.cl ;;
    execution) set -- "$ROOT"/tests/execution/kernels/*.cl ;;
    cuda|hip) set -- "$ROOT"/tests/cuda/*.cu ;;
    flat) set -- $(sed 's/#.*//' "$ROOT/tests/execution/flat-kernels.txt" | awk 'NF { print "flat/" $1 ".cl" }') ;;
  esac
  for src in "$@"; do
    for form in $forms; do printf '%s\0%s\0%s\0' "$corpus" "$src" "$form"; done
  done
}

log=$(mktemp)
trap 'rm -f "$log"' EXIT
for corpus in "${CORPORA[@]}"; do sources "$corpus"; done | lib_tasks 3 >"$log"
runs=$(lib_count '^RUN' "$log")
known=$(lib_count '^KNOWN' "$log")
skips=$(lib_count '^SKIP' "$log")
fails=$(lib_count '^FAIL' "$log")
grep -E '^FAIL' "$log" | sort
echo "runs: $runs"
echo "debug forms: $runs runs, $skips skipped, $fails failed, $known known differences (tests/debug/known-differences.txt; ${CORPORA[*]})"
[ "$fails" -eq 0 ]
