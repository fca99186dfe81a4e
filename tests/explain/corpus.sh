#!/usr/bin/env bash
# The execution corpus, compiled with line tables (clang's -gline-tables-only),
# through O2 with --remarks:
#   - every remark is at an OpenCL source position (KERNEL.cl:LINE:COL) and
#     gives a reason;
#   - the remarks are exactly the run-time decisions: their number equals
#     the dynamic gas ops of the module `lower` expands (dispatches with
#     several candidate spaces for an address, to_* casts left, builtin calls
#     with generic pointers), counted from that module's text, and the O2
#     output has at least one llvm.switch per such dispatch;
#   - the check step's warnings are listed (tests/explain/expected-warnings.txt
#     holds the ones the kernels really earn); any other warning fails.
# Outputs go to tests/explain/build (not .mlir: tests/files.rs reads those).
# Usage: tests/explain/corpus.sh [GAS_OPT]   (default: target/debug/gas-opt)
set -euo pipefail
cd "$(dirname "$0")/../.."
GAS_OPT=${1:-target/debug/gas-opt}
export PATH="/usr/lib/llvm-22/bin:$PATH"
BUILD=tests/explain/build
mkdir -p "$BUILD"
KERNELS=tests/execution/kernels
PRE_LOWER=raise,check,explicit-cast-tags,propagate,builtin-calls,private-branch-elision,static-global,async-copy-simplify

compile() { # KERNEL FORM
    local k=$1 form=$2 src="$KERNELS/$1.cl" out="$BUILD/$1.$2.ll"
    local cc1=(clang -cc1 -triple spir64 -cl-std=CL2.0 -finclude-default-header -emit-llvm
        -debug-info-kind=line-tables-only -dwarf-version=5)
    [ "$out" -nt "$src" ] && return 0
    if [ "$form" = unoptimized ]; then
        "${cc1[@]}" -O0 -disable-O0-optnone "$src" -o "$out.raw" &&
            opt -S -passes='sroa,mem2reg,instcombine,simplifycfg' "$out.raw" -o "$out" &&
            rm -f "$out.raw"
    else
        "${cc1[@]}" -O2 "$src" -o "$out"
    fi
}
export -f compile
export KERNELS BUILD

kernels=$(cd "$KERNELS" && ls ./*.cl | sed 's|^\./||; s|\.cl$||')
# Both forms of every kernel (one printf per kernel: printf's format
# cycling over all kernels at once pairs them only for an odd count).
for k in $kernels; do printf '%s unoptimized\n%s inlined\n' "$k" "$k"; done |
    xargs -P "$(nproc)" -n 2 bash -c 'compile "$0" "$1" 2>"$BUILD/$0.$1.log" || { echo "COMPILE FAILED $0 $1"; cat "$BUILD/$0.$1.log"; }' |
    tee "$BUILD/compile.out"
if [ -s "$BUILD/compile.out" ]; then exit 1; fi

failures=0 remarks_total=0 decisions_total=0
: >"$BUILD/warnings.txt"
for k in $kernels; do
    for form in unoptimized inlined; do
        ll="$BUILD/$k.$form.ll"
        if ! "$GAS_OPT" --pipeline O2 --remarks "$ll" -o "$BUILD/$k.$form.O2.out" 2>"$BUILD/$k.$form.stderr"; then
            echo "FAIL $k $form: gas-opt failed"; sed 's/^/    /' "$BUILD/$k.$form.stderr"
            failures=$((failures + 1)); continue
        fi
        "$GAS_OPT" --pipeline "$PRE_LOWER" "$ll" -o "$BUILD/$k.$form.pre.out" 2>/dev/null
        remarks=$(grep -c ': remark: ' "$BUILD/$k.$form.stderr" || true)
        # Remarks not at an OpenCL line, or without a reason.
        bad=$(grep ': remark: ' "$BUILD/$k.$form.stderr" | grep -Ev "^[^:]*\.(cl|h):[0-9]+:[0-9]+: remark: .+ stays dynamic: .+" || true)
        dispatches=$(grep -cE '"gas.dispatch".*spaces = \[[^]]*array<i32: [0-9]+, [0-9]' "$BUILD/$k.$form.pre.out" || true)
        casts=$(grep -c '"gas.to_named"' "$BUILD/$k.$form.pre.out" || true)
        builtins=$(perl -ne 'print if /llvm\.call [^@]*@(?:_Z|__spirv_)\S*\(.*?\) (?:\{.*?\} )?: \((.*)\) -> / && $1 =~ /!llvm\.ptr<4>/' "$BUILD/$k.$form.pre.out" | wc -l)
        decisions=$((dispatches + casts + builtins))
        switches=$(grep -c 'llvm.switch' "$BUILD/$k.$form.O2.out" || true)
        grep ': warning: ' "$BUILD/$k.$form.stderr" | sed "s|^|$form |" >>"$BUILD/warnings.txt" || true
        remarks_total=$((remarks_total + remarks)); decisions_total=$((decisions_total + decisions))
        if [ -n "$bad" ]; then
            echo "FAIL $k $form: remarks without an OpenCL position or a reason:"; echo "$bad" | sed 's/^/    /'
            failures=$((failures + 1))
        elif [ "$remarks" -ne "$decisions" ]; then
            echo "FAIL $k $form: $remarks remark(s), $decisions run-time decision(s) ($dispatches dispatch(es), $casts cast(s), $builtins builtin call(s))"
            failures=$((failures + 1))
        elif [ "$switches" -lt "$dispatches" ]; then
            echo "FAIL $k $form: $switches llvm.switch for $dispatches dynamic dispatch(es)"
            failures=$((failures + 1))
        fi
    done
done
sort -u "$BUILD/warnings.txt" >"$BUILD/warnings.sorted"
if ! diff -u tests/explain/expected-warnings.txt "$BUILD/warnings.sorted"; then
    echo "FAIL: the check step's warnings on the corpus differ from tests/explain/expected-warnings.txt"
    failures=$((failures + 1))
fi
echo "explain corpus: $(echo $kernels | wc -w) kernels x 2 forms, $remarks_total remark(s) for $decisions_total run-time decision(s), $(wc -l <"$BUILD/warnings.txt") warning(s), $failures failure(s)"
[ "$failures" -eq 0 ]
