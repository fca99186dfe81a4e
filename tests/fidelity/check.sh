#!/usr/bin/env bash
# Check that gas-opt's LLVM IR export keeps what a runtime or backend reads of
# its input: metadata, attributes, linkage, globals (gas-fidelity, fidelity/).
#
# usage: tests/fidelity/check.sh [--gas-opt PATH] [--keep] [--flat-input] INPUT... [-- GAS-OPT-ARGS...]
#
# --flat-input: the inputs are flat (seed 003): both runs read them with
# gas-opt --flat-input, which puts address spaces back on purpose, so both
# are compared with gas-fidelity --mode flat-input (a rewrite whose global
# variables may regain spaces) and llvm-diff is not run.
# An INPUT is a .ll or .bc file, or a directory (its *.ll and *.bc files).
# Arguments after `--` go to every gas-opt run (e.g. `-- --target nvptx`).
# For each input, in a temporary directory T:
#   T/input.ll   opt -S of the input (llvm-dis for .bc)
#   T/verify.ll  gas-opt INPUT --pipeline verify --emit llvm-ir, then opt -S
#   T/o2.ll      gas-opt INPUT --pipeline O2 --emit llvm-ir, then opt -S
# Checks: gas-fidelity --mode same and llvm-diff (which ignores value names)
# of input.ll against verify.ll; gas-fidelity --mode rewritten of input.ll
# against o2.ll. gas-opt or opt failing on an output counts as a difference.
# Prints the details of failing inputs and one summary line
# `fidelity: N inputs, M differences`; exit 0 iff no difference, 2 on a usage
# error. --keep keeps the temporary directories and prints where they are.
# Environment: LLVM_BIN (/usr/lib/llvm-22/bin), GAS_FIDELITY (the checker;
# built with cargo when unset), GAS_TIMEOUT (seconds per gas-opt run, 120).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
GAS_OPT=$ROOT/target/debug/gas-opt
TIMEOUT=${GAS_TIMEOUT:-120}
KEEP=0
FLAT=0
inputs=()
extra=()

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --gas-opt) GAS_OPT=${2:?--gas-opt needs a path}; shift 2 ;;
    --gas-opt=*) GAS_OPT=${1#*=}; shift ;;
    --keep) KEEP=1; shift ;;
    --flat-input) FLAT=1; shift ;;
    -h|--help) usage ;;
    --) shift; extra=("$@"); break ;;
    -*) echo "check.sh: unknown option $1" >&2; exit 2 ;;
    *) inputs+=("$1"); shift ;;
  esac
done
[ ${#inputs[@]} -gt 0 ] || usage
[ -x "$GAS_OPT" ] || { echo "check.sh: gas-opt not found at $GAS_OPT" >&2; exit 2; }
for tool in opt llvm-dis llvm-diff; do
  [ -x "$LLVM_BIN/$tool" ] || { echo "check.sh: $LLVM_BIN/$tool not found" >&2; exit 2; }
done
if [ -z "${GAS_FIDELITY:-}" ]; then
  (cd "$ROOT" && cargo build --quiet -p gas-fidelity) >&2
  GAS_FIDELITY=$ROOT/target/debug/gas-fidelity
fi
[ -x "$GAS_FIDELITY" ] || { echo "check.sh: gas-fidelity not found at $GAS_FIDELITY" >&2; exit 2; }

files=()
for p in "${inputs[@]}"; do
  if [ -d "$p" ]; then
    while IFS= read -r -d '' f; do files+=("$f"); done \
      < <(find "$p" -maxdepth 1 -type f \( -name '*.ll' -o -name '*.bc' \) -print0 | sort -z)
  elif [ -f "$p" ]; then
    files+=("$p")
  else
    echo "check.sh: no file or directory $p" >&2; exit 2
  fi
done
[ ${#files[@]} -gt 0 ] || { echo "check.sh: no .ll or .bc input" >&2; exit 2; }

# first error line of a stderr file
first_err() {
  local l
  l=$(grep -m1 -E '(error|Error|ERROR)' "$1" || true)
  [ -n "$l" ] || l=$(grep -m1 -v '^[[:space:]]*$' "$1" || true)
  printf '%s' "${l:-(no message)}"
}

# record LINE...: differences of the current input
record() { printf '  %s\n' "$@" >>"$report"; count=$((count + $#)); }

WORK=$(mktemp -d)
[ "$KEEP" = 1 ] || trap 'rm -rf "$WORK"' EXIT

# check_one N FILE: the checks of one input in $WORK/N; its differences in
# $WORK/N/report (one line each, counted in $WORK/N/count).
check_one() {
  local n=$1 f=$2 t report count src flat p out mode rc fns lines
  t=$WORK/$n
  mkdir -p "$t"
  report=$t/report
  : >"$report"
  count=0

  src=$f
  case "$f" in
    *.bc)
      if ! "$LLVM_BIN/llvm-dis" "$f" -o "$t/input.ll" 2>"$t/err"; then
        record "input: llvm-dis: $(first_err "$t/err")"
      fi
      src=$t/input.ll ;;
    *)
      if ! "$LLVM_BIN/opt" -S "$f" -o "$t/input.ll" 2>"$t/err"; then
        record "input: opt -S: $(first_err "$t/err")"
      fi ;;
  esac

  if [ "$count" -eq 0 ]; then
    flat=()
    [ "$FLAT" = 0 ] || flat=(--flat-input)
    for p in verify O2; do
      out=$t/$(printf '%s' "$p" | tr 'A-Z' 'a-z')
      if ! timeout "$TIMEOUT" "$GAS_OPT" "$src" --pipeline "$p" --emit llvm-ir -o "$out.raw.ll" \
          ${flat[@]+"${flat[@]}"} ${extra[@]+"${extra[@]}"} 2>"$t/err"; then
        record "gas-opt --pipeline $p: $(first_err "$t/err")"
        continue
      fi
      if ! "$LLVM_BIN/opt" -S "$out.raw.ll" -o "$out.ll" 2>"$t/err"; then
        record "gas-opt --pipeline $p: output rejected by opt: $(first_err "$t/err")"
        continue
      fi
      if [ "$FLAT" = 1 ]; then mode=flat-input
      elif [ "$p" = verify ]; then mode=same
      else mode=rewritten; fi
      rc=0
      "$GAS_FIDELITY" --mode "$mode" "$t/input.ll" "$out.ll" >"$t/fidelity.$p" 2>"$t/err" || rc=$?
      case "$rc" in
        0) ;;
        1) mapfile -t lines < <(grep -v '^note: ' "$t/fidelity.$p" | sed "s/^/$p: /")
           record "${lines[@]}" ;;
        *) record "$p: gas-fidelity: $(first_err "$t/err")" ;;
      esac
      if [ "$p" = verify ] && [ "$FLAT" = 0 ]; then
        rc=0
        "$LLVM_BIN/llvm-diff" "$t/input.ll" "$out.ll" >"$t/llvm-diff" 2>&1 || rc=$?
        if [ "$rc" -ne 0 ]; then
          fns=$(grep -c '^in function' "$t/llvm-diff" || true)
          [ "$fns" -gt 0 ] || fns=1
          printf '  verify: llvm-diff: %s\n' "$(grep -m1 -v '^[[:space:]]*$' "$t/llvm-diff" || true)" >>"$report"
          head -n 20 "$t/llvm-diff" | sed 's/^/    /' >>"$report"
          count=$((count + fns))
        fi
      fi
    done
  fi

  echo "$count" >"$t/count"
}
export -f check_one first_err record
export WORK GAS_OPT GAS_FIDELITY LLVM_BIN TIMEOUT FLAT
export extra_list="${extra[*]}"

# Inputs are checked in parallel, one per core; reported in input order.
for ((i = 0; i < ${#files[@]}; i++)); do printf '%s\0%s\0' "$((i + 1))" "${files[$i]}"; done |
  xargs -0 -n 2 -P "$(nproc)" bash -c 'read -ra extra <<<"$extra_list"; check_one "$0" "$1"' || true
total=0   # differences over all inputs
for ((i = 0; i < ${#files[@]}; i++)); do
  t=$WORK/$((i + 1))
  count=$(cat "$t/count" 2>/dev/null || echo 1)
  if [ "$count" -gt 0 ]; then
    echo "FAIL ${files[$i]} ($count)"
    cat "$t/report" 2>/dev/null || echo "  the check did not finish"
    total=$((total + count))
  fi
  [ "$KEEP" = 1 ] || rm -rf "$t"
done

if [ "$KEEP" = 1 ]; then echo "kept: $WORK"; fi
echo "fidelity: ${#files[@]} inputs, $total differences"
[ "$total" -eq 0 ]
