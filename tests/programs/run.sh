#!/usr/bin/env bash
# Compile the OpenCL C 2.0 corpus in tests/programs/ for spir64 and run every
# program, in two forms, through gas-opt pipelines; verify what comes out.
#
# usage: tests/programs/run.sh [--gas-opt PATH] [--pipelines "P1 P2 ..."] [-j N]
#                              [--dead-switch-check] [--keep] [program...]
#
# Forms (cached in tests/programs/build/<name>/, redone when the .cl is newer):
#   unopt    clang -O0 -disable-O0-optnone, then opt sroa,mem2reg,instcombine,simplifycfg
#   inlined  clang -O2
# For every form and pipeline: gas-opt --pipeline P --emit llvm-ir, then
# opt -passes=verify.  A pipeline that does not end in `lower` (or is not a
# preset) may leave gas ops: it is run with --emit mlir, must exit 0 with a
# non-empty output, and the output is re-checked with gas-opt --pipeline verify.
# --dead-switch-check: instead, run O2 on the inlined form, emit LLVM IR and
# report functions with a `switch` not reachable from a kernel (reachable.awk).
# Prints only failures, then a summary; exit 0 iff there are none.
set -u -o pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
. "$ROOT/tests/lib.sh"
lib_common_options
# PIPELINE@TARGET runs with --target TARGET (private-branch-elision acts only
# on spir-igc, whose backend places private memory in the global buffer).
PIPELINES="O0 O2 O2@spir-igc raise,lower raise,propagate,lower propagate raise,builtin-calls,lower builtin-calls,raise,lower raise,explicit-cast-tags,lower raise,private-branch-elision,lower@spir-igc raise,static-global,lower raise,async-copy-simplify,lower raise,async-copy-simplify,static-global,private-branch-elision,builtin-calls,propagate,explicit-cast-tags,lower@spir-igc"
DEAD=0
LIB_FLAGS[--dead-switch-check]=DEAD=1
lib_parse_options "$@"
progs=("${LIB_ARGS[@]}")
lib_check_jobs
lib_check_gas_opt

if [ ${#progs[@]} -eq 0 ]; then
  for f in "$HERE"/*.cl; do progs+=("$(basename "$f" .cl)"); done
else
  for i in "${!progs[@]}"; do
    p=$(basename "${progs[$i]}"); p=${p%.cl}
    [ -f "$HERE/$p.cl" ] || { echo "run.sh: no program $HERE/$p.cl" >&2; exit 2; }
    progs[$i]=$p
  done
fi

BUILD=$HERE/build
mkdir -p "$BUILD"
export HERE BUILD LLVM_BIN GAS_OPT TIMEOUT KEEP

# first line of a stderr file, skipping opt's harmless spir64 target warning
first_err() {
  local l
  l=$(grep -v "failed to create target machine for 'spir64'" "$1" 2>/dev/null | grep -m1 -v '^[[:space:]]*$')
  printf '%s' "${l:-(no message)}"
}

# compile NAME: both forms; prints `FAIL name form compile: ...` on failure
compile() {
  local n=$1 src=$HERE/$1.cl d=$BUILD/$1 err cc
  mkdir -p "$d"
  err=$d/compile.err
  cc=(-triple spir64 -cl-std=CL2.0 -finclude-default-header -emit-llvm)
  if ! lib_fresh "$d/unopt.ll" "$src"; then
    rm -f "$d/unopt.ll"
    lib_form_unopt "$src" "$d" "$err" "${cc[@]}" || echo "FAIL $n unopt compile: $(first_err "$err")"
  fi
  if ! lib_fresh "$d/inlined.ll" "$src"; then
    rm -f "$d/inlined.ll"
    lib_form_inlined "$src" "$d" "$err" "${cc[@]}" || echo "FAIL $n inlined compile: $(first_err "$err")"
  fi
  rm -f "$err"
}

# run NAME FORM PIPELINE: prints `RUN` always and `FAIL ...` on failure
run_one() {
  local n=$1 form=$2 p=$3 d=$BUILD/$1 in out err tag target=()
  in=$d/$form.ll
  tag=$(printf '%s' "$p" | tr ',@' '+-')
  err=$d/$form.$tag.err
  echo RUN
  case "$p" in *@*) target=(--target "${p#*@}") ;; esac
  case "${p%@*}" in
    O0|O2|*,lower)
      out=$d/$form.$tag.ll; rm -f "$out"
      if ! timeout "$TIMEOUT" "$GAS_OPT" --pipeline "${p%@*}" "${target[@]}" --emit llvm-ir "$in" -o "$out" 2>"$err"; then
        echo "FAIL $n $form $p: $(first_err "$err")"; return
      fi
      if ! "$LLVM_BIN/opt" -passes=verify -disable-output "$out" 2>"$err"; then
        echo "FAIL $n $form $p: opt verify: $(first_err "$err")"; return
      fi ;;
    *)
      out=$d/$form.$tag.mlir; rm -f "$out"
      if ! timeout "$TIMEOUT" "$GAS_OPT" --pipeline "${p%@*}" "${target[@]}" --emit mlir "$in" -o "$out" 2>"$err"; then
        echo "FAIL $n $form $p: $(first_err "$err")"; return
      fi
      if [ ! -s "$out" ]; then echo "FAIL $n $form $p: empty output"; return; fi
      if ! timeout "$TIMEOUT" "$GAS_OPT" --pipeline verify "$out" >/dev/null 2>"$err"; then
        echo "FAIL $n $form $p: re-verify: $(first_err "$err")"; return
      fi ;;
  esac
  rm -f "$err"
  [ "$KEEP" = 1 ] || rm -f "$out"
}

# dead NAME: O2 on the inlined form, then reachable.awk
dead_one() {
  local n=$1 d=$BUILD/$1 out err
  out=$d/inlined.dead-check.ll; err=$d/inlined.dead-check.err
  echo RUN
  rm -f "$out"
  if ! timeout "$TIMEOUT" "$GAS_OPT" --pipeline O2 --emit llvm-ir "$d/inlined.ll" -o "$out" 2>"$err"; then
    echo "FAIL $n inlined O2: $(first_err "$err")"; return
  fi
  rm -f "$err"
  awk -v prog="$n" -f "$HERE/reachable.awk" "$out"
}

task() {
  case "$1" in
    compile) compile "$2" ;;
    run) [ -s "$BUILD/$2/$3.ll" ] && run_one "$2" "$3" "$4" ;;
    dead) [ -s "$BUILD/$2/inlined.ll" ] && dead_one "$2" ;;
  esac
}
export -f first_err compile run_one dead_one task

log=$(mktemp); trap 'rm -f "$log"' EXIT

# 1. compile (parallel)
for n in "${progs[@]}"; do printf 'compile\0%s\0-\0-\0' "$n"; done | lib_tasks 4 | tee -a "$log"

# 2. run (parallel); tasks are NUL-separated "kind name form pipeline" tuples
{
  for n in "${progs[@]}"; do
    if [ "$DEAD" = 1 ]; then
      printf 'dead\0%s\0-\0-\0' "$n"
    else
      for form in unopt inlined; do
        for p in $PIPELINES; do printf 'run\0%s\0%s\0%s\0' "$n" "$form" "$p"; done
      done
    fi
  done
} | lib_tasks 4 >>"$log"
grep "^FAIL " "$log" | grep -v " compile: " | sort || true
grep '^DEAD-SWITCH ' "$log" | sort || true

N=${#progs[@]}
R=$(lib_count '^RUN$' "$log")
F=$(lib_count '^FAIL ' "$log")
if [ "$DEAD" = 1 ]; then
  D=$(lib_count '^DEAD-SWITCH ' "$log")
  echo "programs: $N, forms: $((2 * N)), runs: $R, failures: $F, dead-switch: $D"
  [ "$F" -eq 0 ] && [ "$D" -eq 0 ]
else
  echo "programs: $N, forms: $((2 * N)), runs: $R, failures: $F"
  [ "$F" -eq 0 ]
fi
