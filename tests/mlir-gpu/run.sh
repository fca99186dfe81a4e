#!/usr/bin/env bash
# tests/mlir-gpu/run.sh — lower and compile every corpus file for every
# target (one run per core), then print the table of generic accesses.
#
# Usage: run.sh [lower.sh options: --gas, --plugin, --bare-ptr, ...] [--targets 'nvvm rocdl spirv']
# Each (file, target) goes to build/NAME/TARGET (lower.sh's default; with --out
# DIR, DIR/NAME/TARGET). The log of every run is build/NAME/TARGET.log. Prints a
# Markdown table (IR counts and, for nvvm/rocdl, "IR → llc" counts: the data of
# README.md's table) and "N passed, N failed"; exit status
# 1 if any lowering or compilation failed. skips.txt is honoured.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
targets='nvvm rocdl spirv'
opts=()
outroot=$here/build
while (($#)); do
  case $1 in
    --targets) targets=$2; shift 2 ;;
    --out) outroot=$2; shift 2 ;;
    --gas|--plugin|--dialect-plugin|--mlir-opt-arg) opts+=("$1" "$2"); shift 2 ;;
    *) opts+=("$1"); shift ;;
  esac
done

pass=0
fail=0
declare -A cell ciface
names=()
# Every (file, target) lowered in parallel; each run's exit status in
# NAME/TARGET.status, read below in file order.
lower_one() { # FILE TARGET
  local name rc=0
  name=$(basename "$1" .mlir)
  mkdir -p "$outroot/$name"
  "$here/lower.sh" "${opts[@]}" --out "$outroot/$name/$2" "$1" "$2" >"$outroot/$name/$2.log" 2>&1 || rc=$?
  echo "$rc" >"$outroot/$name/$2.status"
}
opts_decl=$(declare -p opts)
export -f lower_one
export here outroot opts_decl
for f in "$here"/*.mlir; do
  for t in $targets; do printf '%s\0%s\0' "$f" "$t"; done
done | xargs -0 -n 2 -P "$(nproc)" bash -c 'eval "$opts_decl"; lower_one "$0" "$1"'
for f in "$here"/*.mlir; do
  name=$(basename "$f" .mlir)
  names+=("$name")
  for t in $targets; do
    log=$outroot/$name/$t.log
    if [ "$(cat "$outroot/$name/$t.status" 2>/dev/null)" = 0 ]; then
      pass=$((pass + 1))
      line=$(tail -n 1 "$log")
      if [[ $line == *SKIP* ]]; then
        cell[$name,$t]='skip'
        continue
      fi
      # NAME TARGET ir: L S A (no-ciface: L S A) llc: L S A
      read -r _ _ _ l s a _ nl ns na _ cl cs ca <<<"${line//[()]/}"
      c="$nl/$ns/$na"
      if [[ $cl != - ]]; then
        c+=" → $cl/$cs/$ca"
      elif grep -q 'not compiled (skips.txt)' "$log"; then
        c+=" (not compiled)"
      fi
      cell[$name,$t]=$c
      ciface[$name,$t]="$((l - nl))/$((s - ns))/$((a - na))"
    else
      fail=$((fail + 1))
      cell[$name,$t]='FAIL'
      echo "FAIL: $name $t (log: $log)" >&2
      tail -n 5 "$log" | sed 's/^/  /' >&2
    fi
  done
done

printf '| kernel file |'
for t in $targets; do printf ' %s |' "$t"; done
printf ' ciface (%s) |\n|---|' "${targets// /, }"
for t in $targets; do printf -- '---|'; done
printf -- '---|\n'
for name in "${names[@]}"; do
  printf '| %s |' "$name"
  cf=()
  for t in $targets; do
    printf ' %s |' "${cell[$name,$t]:-}"
    cf+=("${ciface[$name,$t]:--}")
  done
  printf ' %s |\n' "${cf[*]}"
done
echo
echo "$pass passed, $fail failed"
((fail == 0))
