#!/usr/bin/env bash
# Gathers and scatters through vectors of generic pointers, run on the CPU:
# tests/execution/lanes.ll (SPIR) through each pipeline, retargeted to
# x86-64 and run by lli with no argument and with one (the run-time base
# then changes space); the output must equal the unprocessed program's.
#
#   tests/execution/lanes.sh [PIPELINE[@TARGET]...]   # default: O0 O2
# Environment: GAS_OPT (default target/debug/gas-opt), LLVM_BIN.
set -uo pipefail
cd "$(dirname "$0")/../.."
llvm_bin=${LLVM_BIN:-/usr/lib/llvm-22/bin}
gas_opt=${GAS_OPT:-$PWD/target/debug/gas-opt}
input=tests/execution/lanes.ll
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

retarget() { sed 's/spir64-unknown-unknown/x86_64-unknown-linux-gnu/; /^target datalayout/d' "$1"; }

retarget "$input" > "$tmp/reference.ll"
failed=0
pipelines=("$@")
[ ${#pipelines[@]} -gt 0 ] || pipelines=(O0 O2)
for pipeline in "${pipelines[@]}"; do
    # PIPELINE@TARGET: the pipeline with --target TARGET.
    target=()
    case "$pipeline" in *@*) target=(--target "${pipeline#*@}") ;; esac
    if ! "$gas_opt" --pipeline "${pipeline%@*}" "${target[@]}" --closed-world never --emit llvm-ir "$input" -o "$tmp/$pipeline.ll"; then
        echo "FAIL lanes $pipeline: gas-opt failed"; failed=1; continue
    fi
    retarget "$tmp/$pipeline.ll" > "$tmp/$pipeline.x86.ll"
    for args in "" "one"; do
        expected=$("$llvm_bin/lli" "$tmp/reference.ll" $args 2>&1)
        actual=$("$llvm_bin/lli" "$tmp/$pipeline.x86.ll" $args 2>&1)
        if [ "$expected" = "$actual" ]; then
            echo "PASS lanes $pipeline ${args:-no-argument}"
        else
            echo "FAIL lanes $pipeline ${args:-no-argument}"
            diff <(echo "$expected") <(echo "$actual") | head -20
            failed=1
        fi
    done
done
exit "$failed"
