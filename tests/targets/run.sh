#!/usr/bin/env bash
# Compile the OpenCL C 2.0 corpora (tests/programs/*.cl and
# tests/execution/kernels/*.cl) for NVPTX and AMDGPU, run them through gas-opt
# and then through llc for the hardware.
#
# usage: tests/targets/run.sh [--gas-opt PATH] [--target nvptx|amdgpu|both] [-j N]
#                             [--pipelines "P1 P2 ..."] [--resolution] [--no-cl-ext]
#                             [--keep] [program...]
#
# A program is named corpus/name (programs/chain_four_levels,
# execution/ptr_loop); a bare name or a path selects it in both corpora.
# Targets:
#   nvptx   clang -cc1 -triple nvptx64-nvidia-nvcl, llc -march=nvptx64 -mcpu=sm_90
#   amdgpu  clang -cc1 -triple amdgcn-amd-amdhsa -target-cpu gfx90a,
#           llc -march=amdgcn -mcpu=gfx90a
# Forms (cached in tests/targets/build/<target>/<corpus>/<name>/, redone when
# the source, a header next to it or the clang flags change):
#   unopt    clang -O0 -disable-O0-optnone, then opt sroa,mem2reg,instcombine,simplifycfg
#   inlined  clang -O2
# Checks: llc on clang's own output (a failure there is a baseline failure,
# not gas's); for every pipeline (default "O0 O2"): gas-opt --pipeline P
# [--target T] --emit llvm-ir, opt -passes=verify, llc. When gas-opt has
# --target, O2 is also run without it and must give the same output.
# --resolution: instead, markdown tables of the generic (flat) accesses left in
# the input, after opt -passes=infer-address-spaces and after gas O2.
# --no-cl-ext: compile NVPTX without the -cl-ext feature list (see README.md).
# Prints skipped programs, failures and a summary; exit 0 iff no failures
# (with --resolution: and no program where gas leaves more than LLVM).
set -u -o pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
. "$ROOT/tests/lib.sh"
lib_common_options
PIPELINES="O0 O2"
TARGETS="nvptx amdgpu"
RESOLUTION=0
CL_EXT=1
NVPTX_TRIPLE=${NVPTX_TRIPLE:-nvptx64-nvidia-nvcl}
LIB_VALUES[--target]=TARGETS
LIB_FLAGS+=([--resolution]=RESOLUTION=1 [--no-cl-ext]=CL_EXT=0)
lib_parse_options "$@"
progs=("${LIB_ARGS[@]}")
lib_check_jobs
case "$TARGETS" in
  both) TARGETS="nvptx amdgpu" ;;
  nvptx|amdgpu|"nvptx amdgpu") ;;
  *) echo "run.sh: --target takes nvptx, amdgpu or both" >&2; exit 2 ;;
esac
if [ ! -x "$GAS_OPT" ] && [ "$GAS_OPT" = "$ROOT/target/debug/gas-opt" ]; then
  echo "run.sh: building gas-opt" >&2
  (cd "$ROOT" && cargo build --quiet -p gas-pipelines --bin gas-opt) >&2
fi
lib_check_gas_opt

# Inputs: corpus/name -> source file. Names collide between the corpora
# (progscope_reassign, ...), hence the corpus prefix.
declare -A SRC
for f in "$ROOT"/tests/programs/*.cl; do SRC[programs/$(basename "$f" .cl)]=$f; done
for f in "$ROOT"/tests/execution/kernels/*.cl; do SRC[execution/$(basename "$f" .cl)]=$f; done
if [ ${#progs[@]} -eq 0 ]; then
  mapfile -t progs < <(printf '%s\n' "${!SRC[@]}" | sort)
else
  sel=()
  for p in "${progs[@]}"; do
    p=${p%.cl}
    case "$p" in
      programs/*|execution/*) [ -n "${SRC[$p]:-}" ] && sel+=("$p") ;;
      *) p=$(basename "$p")
         for c in programs execution; do [ -n "${SRC[$c/$p]:-}" ] && sel+=("$c/$p"); done ;;
    esac
    [ ${#sel[@]} -gt 0 ] && [ "${sel[-1]#*/}" = "${p#*/}" ] || { echo "run.sh: no program $p" >&2; exit 2; }
  done
  mapfile -t progs < <(printf '%s\n' "${sel[@]}" | sort -u)
fi
SRCS=""
for p in "${progs[@]}"; do SRCS+="$p=${SRC[$p]}"$'\n'; done

# gas-opt --target: passed when gas-opt has it; otherwise gas-opt reads the
# modules with SPIR numbering and what it does to them means nothing.
HAS_TARGET=0
if "$GAS_OPT" --help 2>/dev/null | grep -q -- '--target'; then
  HAS_TARGET=1
else
  echo "NOTE: $GAS_OPT has no --target flag: running gas-opt without it (SPIR address-space" \
       "numbering on NVPTX/AMDGPU modules: only the harness mechanics are meaningful)"
fi

BUILD=$HERE/build
mkdir -p "$BUILD"
export ROOT BUILD LLVM_BIN GAS_OPT TIMEOUT KEEP HAS_TARGET CL_EXT NVPTX_TRIPLE SRCS HERE

# clang flags per target
clang_flags() {
  case "$1" in
    nvptx)
      printf '%s\n' -triple "$NVPTX_TRIPLE"
      # NVPTX hardware has these, but clang's NVPTX target does not announce
      # them, so opencl-c.h would hide every atomic_*/memory_order_* builtin.
      [ "$CL_EXT" = 1 ] && printf '%s\n' "-cl-ext=+__opencl_c_atomic_order_acq_rel,+__opencl_c_atomic_order_seq_cst,+__opencl_c_atomic_scope_device,+__opencl_c_atomic_scope_all_devices,+__opencl_c_program_scope_global_variables,+__opencl_c_work_group_collective_functions,+cl_khr_int64_base_atomics,+cl_khr_int64_extended_atomics,+cl_khr_fp16"
      ;;
    amdgpu) printf '%s\n' -triple amdgcn-amd-amdhsa -target-cpu gfx90a ;;
  esac
  printf '%s\n' -cl-std=CL2.0 -finclude-default-header -emit-llvm
}
llc_flags() {
  case "$1" in
    nvptx) echo "-march=nvptx64 -mcpu=sm_90" ;;
    amdgpu) echo "-march=amdgcn -mcpu=gfx90a" ;;
  esac
}
src_of() { printf '%s' "$SRCS" | sed -n "s|^$1=||p"; }

# first error line of a stderr file, paths relative to the repository
first_err() {
  local l
  l=$(grep -m1 -E '(error|Error|ERROR|LLVM ERROR)' "$1" 2>/dev/null)
  [ -n "$l" ] || l=$(grep -m1 -v '^[[:space:]]*$' "$1" 2>/dev/null)
  l=${l//$ROOT\//}
  printf '%s' "${l:-(no message)}"
}

# compile TARGET NAME: both forms. A clang error is cached as `skip` (the
# program does not compile for the target); opt failing after clang is FAIL.
compile() {
  local t=$1 n=$2 src d err flags stamp h newest
  src=$(src_of "$n"); d=$BUILD/$t/$n
  mkdir -p "$d"
  mapfile -t flags < <(clang_flags "$t")
  stamp="${flags[*]}"
  newest=$src
  for h in "$(dirname "$src")"/*.h; do [ -f "$h" ] && [ "$h" -nt "$newest" ] && newest=$h; done
  if [ -f "$d/flags" ] && [ "$(cat "$d/flags")" = "$stamp" ]; then
    if [ -f "$d/skip" ] && [ "$d/skip" -nt "$newest" ]; then
      echo "SKIP $t $n: $(cat "$d/skip")"; return
    fi
    if lib_fresh "$d/unopt.ll" "$newest" && lib_fresh "$d/inlined.ll" "$newest"; then
      return
    fi
  fi
  rm -f "$d"/*.ll "$d/skip" "$d/flags"
  err=$d/compile.err
  if ! lib_form_inlined "$src" "$d" "$err" "${flags[@]}"; then
    first_err "$err" >"$d/skip"; echo "$stamp" >"$d/flags"; rm -f "$err"
    echo "SKIP $t $n: $(cat "$d/skip")"; return
  fi
  lib_form_unopt "$src" "$d" "$err" "${flags[@]}" || echo "FAIL $t $n unopt compile: $(first_err "$err")"
  rm -f "$err"
  echo "$stamp" >"$d/flags"
}

# baseline TARGET NAME FORM: llc on clang's output
baseline() {
  local t=$1 n=$2 f=$3 d=$BUILD/$1/$2 err
  err=$d/$f.llc.err
  echo BRUN
  # shellcheck disable=SC2046
  if ! "$LLVM_BIN/llc" $(llc_flags "$t") "$d/$f.ll" -o "$d/$f.llc.s" 2>"$err"; then
    rm -f "$d/$f.llc.s"
    echo "BASELINE $t $n $f: llc: $(first_err "$err")"
    touch "$d/$f.llc-fails"; return
  fi
  rm -f "$err" "$d/$f.llc-fails" "$d/$f.llc.s"
}

# gas_opt TARGET ARGS...: gas-opt with --target when it has it
gas_opt() {
  local t=$1; shift
  if [ "$HAS_TARGET" = 1 ]; then
    timeout "$TIMEOUT" "$GAS_OPT" --target "$t" "$@"
  else
    timeout "$TIMEOUT" "$GAS_OPT" "$@"
  fi
}

# run_one TARGET NAME FORM PIPELINE
run_one() {
  local t=$1 n=$2 f=$3 p=$4 d=$BUILD/$1/$2 in out err tag
  in=$d/$f.ll
  tag=$(printf '%s' "$p" | tr ',' '+')
  out=$d/$f.$tag.ll; err=$d/$f.$tag.err
  rm -f "$out"
  echo RUN
  if ! gas_opt "$t" --pipeline "$p" --emit llvm-ir "$in" -o "$out" 2>"$err"; then
    echo "FAIL $t $n $f $p: gas-opt: $(first_err "$err")"; return
  fi
  if ! "$LLVM_BIN/opt" -passes=verify -disable-output "$out" 2>"$err"; then
    echo "FAIL $t $n $f $p: opt verify: $(first_err "$err")"; return
  fi
  # shellcheck disable=SC2046
  if ! "$LLVM_BIN/llc" $(llc_flags "$t") "$out" -o "$out.s" 2>"$err"; then
    rm -f "$out.s"
    if [ -f "$d/$f.llc-fails" ]; then
      echo "BASELINE-TOO $t $n $f $p: llc: $(first_err "$err")"
    else
      echo "FAIL $t $n $f $p: llc: $(first_err "$err")"; return
    fi
  fi
  if [ "$HAS_TARGET" = 1 ] && [ "$p" = O2 ]; then
    if ! timeout "$TIMEOUT" "$GAS_OPT" --pipeline O2 --emit llvm-ir "$in" -o "$out.notarget" 2>"$err"; then
      echo "FAIL $t $n $f O2 (target from triple): gas-opt: $(first_err "$err")"; return
    fi
    if ! cmp -s "$out" "$out.notarget"; then
      # a second run with --target tells nondeterminism from triple detection
      if gas_opt "$t" --pipeline O2 --emit llvm-ir "$in" -o "$out.again" 2>"$err" \
          && ! cmp -s "$out" "$out.again"; then
        echo "FAIL $t $n $f O2: nondeterministic (two runs with --target $t differ)"
      else
        echo "FAIL $t $n $f O2: output without --target differs from --target $t"
      fi
      return
    fi
    rm -f "$out.notarget" "$out.again"
  fi
  rm -f "$err" "$out.s"
  [ "$KEEP" = 1 ] || rm -f "$out"
}

# count TARGET NAME FORM: `COUNT target name form input llvm gas` (- on error)
count() {
  local t=$1 n=$2 f=$3 d=$BUILD/$1/$2 in a b=- c=- err
  in=$d/$f.ll; err=$d/$f.count.err
  a=$(awk -f "$HERE/generic_accesses.awk" "$in")
  if "$LLVM_BIN/opt" -S -passes=infer-address-spaces "$in" -o "$d/$f.infer-as.ll" 2>"$err"; then
    b=$(awk -f "$HERE/generic_accesses.awk" "$d/$f.infer-as.ll")
  else
    echo "FAIL $t $n $f infer-address-spaces: $(first_err "$err")"
  fi
  if gas_opt "$t" --pipeline O2 --emit llvm-ir "$in" -o "$d/$f.gas-O2.ll" 2>"$err"; then
    c=$(awk -f "$HERE/generic_accesses.awk" "$d/$f.gas-O2.ll")
  else
    echo "FAIL $t $n $f O2: gas-opt: $(first_err "$err")"
  fi
  [ "$KEEP" = 1 ] || rm -f "$d/$f.infer-as.ll" "$d/$f.gas-O2.ll"
  rm -f "$err"
  echo "COUNT $t $n $f $a $b $c"
}

task() {
  local k=$1 t=$2 n=$3 f=$4 p=$5
  case "$k" in
    compile) compile "$t" "$n" ;;
    baseline) [ -s "$BUILD/$t/$n/$f.ll" ] && baseline "$t" "$n" "$f" ;;
    run) [ -s "$BUILD/$t/$n/$f.ll" ] && run_one "$t" "$n" "$f" "$p" ;;
    count) [ -s "$BUILD/$t/$n/$f.ll" ] && count "$t" "$n" "$f" ;;
  esac
  return 0
}
export -f clang_flags llc_flags src_of first_err compile baseline gas_opt run_one count task

# llc writes into the build tree, not to /dev/null; still, refuse to run on a
# machine where /dev/null has become a regular file (output would be wrong).
[ -c /dev/null ] || { echo "run.sh: /dev/null is not a character device" >&2; exit 2; }
log=$(mktemp); trap 'rm -f "$log"' EXIT
start=$SECONDS

# 1. compile (parallel); tasks are NUL-separated "kind target name form pipeline"
for t in $TARGETS; do
  for n in "${progs[@]}"; do printf 'compile\0%s\0%s\0-\0-\0' "$t" "$n"; done
done | lib_tasks 5 >>"$log"
grep '^SKIP ' "$log" | sort

if [ "$RESOLUTION" = 1 ]; then
  for t in $TARGETS; do
    for n in "${progs[@]}"; do
      for f in unopt inlined; do printf 'count\0%s\0%s\0%s\0-\0' "$t" "$n" "$f"; done
    done
  done | lib_tasks 5 >>"$log"
  grep '^FAIL ' "$log" | sort
  for t in $TARGETS; do
    for f in unopt inlined; do
      echo
      echo "### $t, $f form"
      echo
      echo "| program | input | LLVM | gas | |"
      echo "|---|---:|---:|---:|---|"
      grep "^COUNT $t " "$log" | awk -v f="$f" '$4 == f' | sort -k3,3 | awk '
        {
          worse = ($6 != "-" && $7 != "-" && $7 + 0 > $6 + 0)
          printf "| %s | %s | %s | %s | %s |\n", $3, $5, $6, $7, worse ? "**gas > LLVM**" : ""
          a += $5; b += $6; c += $7; w += worse
        }
        END {
          printf "| **total** | **%d** | **%d** | **%d** | %s |\n", a, b, c, w ? "**" w " row(s) gas > LLVM**" : ""
        }'
    done
  done
  echo
  F=$(lib_count '^FAIL ' "$log")
  W=$(grep '^COUNT ' "$log" | awk '$6 != "-" && $7 != "-" && $7 + 0 > $6 + 0' | wc -l)
  echo "targets: $(echo $TARGETS | wc -w), programs: ${#progs[@]}, counted: $(lib_count '^COUNT ' "$log"), failures: $F, gas > LLVM: $W, time: $((SECONDS - start))s"
  [ "$F" -eq 0 ] && [ "$W" -eq 0 ]
  exit
fi

# 2. baseline llc (parallel)
for t in $TARGETS; do
  for n in "${progs[@]}"; do
    for f in unopt inlined; do printf 'baseline\0%s\0%s\0%s\0-\0' "$t" "$n" "$f"; done
  done
done | lib_tasks 5 >>"$log"

# 3. gas-opt, verify, llc (parallel)
for t in $TARGETS; do
  for n in "${progs[@]}"; do
    for f in unopt inlined; do
      for p in $PIPELINES; do printf 'run\0%s\0%s\0%s\0%s\0' "$t" "$n" "$f" "$p"; done
    done
  done
done | lib_tasks 5 >>"$log"

grep '^BASELINE ' "$log" | sort
grep '^FAIL ' "$log" | sort

for t in $TARGETS; do
  c=0 s=0
  for n in "${progs[@]}"; do
    if [ -s "$BUILD/$t/$n/inlined.ll" ]; then c=$((c + 1)); else s=$((s + 1)); fi
  done
  printf '%s: %d compiled, %d skipped; ' "$t" "$c" "$s"
done
echo "time: $((SECONDS - start))s"
R=$(lib_count '^RUN$' "$log")
F=$(lib_count '^FAIL ' "$log")
B=$(lib_count '^BASELINE ' "$log")
echo "targets: $(echo $TARGETS | wc -w), programs: ${#progs[@]}, runs: $R, failures: $F, baseline failures: $B"
[ "$F" -eq 0 ]
