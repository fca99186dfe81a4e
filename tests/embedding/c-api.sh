#!/usr/bin/env bash
# gas from C, C++ and mlir-opt (libgas.so, capi/): each prints the same bytes
# as gas-opt for the same pipeline, on every kernel of the execution corpus
# and every program of the programs corpus, both forms:
#   - mlir-opt --load-pass-plugin=libgas.so --pass-pipeline=P on the module
#     as MLIR text = gas-opt --pass-pipeline P on the same text;
#   - the C example (capi/examples/embed.c: LLVM IR in and out, gas's and
#     MLIR's passes in one textual pipeline) = gas-opt --pass-pipeline P
#     --emit llvm-ir on the .ll;
#   - the C++ example (capi/examples/embed.cpp: gas's passes by name,
#     canonicalize and CSE added through MLIR's C++ API) = the same.
# Then: mlir-opt with the plugin loaded twice; --help lists every gas pass
# with its options; bad options fail with MLIR's pipeline error naming the
# option; the repeat example (plugin loaded twice, several contexts, all
# freed) under valgrind reports no leak and no invalid access.
# Usage: tests/embedding/c-api.sh [GAS_OPT [LIBDIR]]
# (LIBDIR holds libgas.so: capi/target/debug after `cd capi && cargo build`.)
set -euo pipefail
cd "$(dirname "$0")/../.."
GAS_OPT=$(realpath "${1:-target/debug/gas-opt}")
LIBDIR=$(realpath "${2:-capi/target/debug}")
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
PLUGIN=$LIBDIR/libgas.so
GAS_PASSES='gas-raise,gas-check,gas-explicit-cast-tags,gas-propagate{closed-world=auto},gas-builtin-calls{builtins=generic},gas-private-branch-elision,gas-static-global,gas-async-copy-simplify,gas-lower'
PIPELINE="builtin.module($GAS_PASSES,any(canonicalize,cse))"
EXAMPLES=$(capi/examples/build.sh "$LIBDIR")
BUILD=tests/embedding/build/c-api
rm -rf "$BUILD" && mkdir -p "$BUILD"
inputs=(tests/execution/build/*/spir.inlined.ll tests/execution/build/*/spir.unoptimized.ll
    tests/programs/build/*/inlined.ll tests/programs/build/*/unopt.ll)
if [ ! -e "${inputs[0]}" ]; then
    echo "c-api.sh: build the corpora first (tests/execution/run.sh, tests/programs/run.sh)" >&2
    exit 1
fi

# One input: prints a line per difference.
compare_one() {
    local input=$1 work
    work="$BUILD/$(echo "$input" | tr '/' '_')"
    mkdir -p "$work"
    "$GAS_OPT" --pass-pipeline 'builtin.module()' "$input" -o "$work/in.mlir.txt" 2>/dev/null
    "$GAS_OPT" --pass-pipeline "$PIPELINE" "$work/in.mlir.txt" -o "$work/gas-opt.out" 2>/dev/null
    "$MLIR_OPT" --load-pass-plugin="$PLUGIN" --pass-pipeline="$PIPELINE" "$work/in.mlir.txt" \
        -o "$work/mlir-opt.out" 2>"$work/mlir-opt.err" || true
    [ -s "$work/gas-opt.out" ] || echo "gas-opt printed nothing for $input"
    cmp -s "$work/gas-opt.out" "$work/mlir-opt.out" || echo "mlir-opt with the plugin differs from gas-opt on $input"
    "$GAS_OPT" --pass-pipeline "$PIPELINE" --emit llvm-ir "$input" -o "$work/gas-opt.ll" 2>/dev/null
    "$EXAMPLES/embed-c" "$PIPELINE" "$input" >"$work/c.ll" 2>"$work/c.err" || true
    [ -s "$work/gas-opt.ll" ] || echo "gas-opt printed no LLVM IR for $input"
    cmp -s "$work/gas-opt.ll" "$work/c.ll" || echo "the C example differs from gas-opt on $input"
    "$EXAMPLES/embed-cpp" "$GAS_PASSES" "$input" >"$work/cpp.ll" 2>"$work/cpp.err" || true
    cmp -s "$work/gas-opt.ll" "$work/cpp.ll" || echo "the C++ example differs from gas-opt on $input"
}
export -f compare_one
export GAS_OPT MLIR_OPT PLUGIN EXAMPLES BUILD GAS_PASSES PIPELINE
differences=$(printf '%s\n' "${inputs[@]}" | xargs -P "$(nproc)" -I{} bash -c 'compare_one {}')
failures=0
if [ -n "$differences" ]; then
    echo "$differences" >&2
    failures=$(echo "$differences" | wc -l)
fi

fail() {
    echo "c-api.sh: $*" >&2
    failures=$((failures + 1))
}
first=${inputs[0]}
mlir="$BUILD/$(echo "$first" | tr '/' '_')/in.mlir.txt"
# Loaded twice: the passes are registered once, the output unchanged.
"$MLIR_OPT" --load-pass-plugin="$PLUGIN" --load-pass-plugin="$PLUGIN" \
    --pass-pipeline="$PIPELINE" "$mlir" -o "$BUILD/twice.out" ||
    fail "mlir-opt with the plugin loaded twice failed"
cmp -s "$BUILD/twice.out" "$BUILD/$(echo "$first" | tr '/' '_')/gas-opt.out" ||
    fail "mlir-opt with the plugin loaded twice differs from gas-opt"
# --help: every gas pass, its description and its options.
"$MLIR_OPT" --load-pass-plugin="$PLUGIN" --help >"$BUILD/help.txt"
passes=$("$GAS_OPT" --help | grep -o 'gas-[a-z-]*' | grep -vx gas-opt | sort -u)
[ "$(echo "$passes" | wc -l)" -ge 9 ] || fail "gas-opt --help names too few passes: $passes"
for pass in $passes; do
    grep -q -- "--$pass " "$BUILD/help.txt" || fail "mlir-opt --help does not list $pass"
done
grep -A5 -- '--gas-propagate ' "$BUILD/help.txt" | grep -q -- '--clone-budget=<string> *- operations propagate may add' ||
    fail "mlir-opt --help does not describe gas-propagate's options"
# Bad options: MLIR's pipeline error, naming the option, and a failure.
expect_error() {
    local options=$1 expected=$2 output
    if output=$("$MLIR_OPT" --load-pass-plugin="$PLUGIN" \
        --pass-pipeline="builtin.module(gas-propagate{$options})" "$mlir" -o /dev/null 2>&1); then
        fail "gas-propagate{$options} was accepted"
    elif ! grep -qF -- "$expected" <<<"$output"; then
        fail "gas-propagate{$options}: expected '$expected' in: $output"
    fi
}
expect_error 'closed-wrold=never' 'no such option closed-wrold'
expect_error 'closed-world=sometimes' '`closed-world=sometimes`: expected auto, always or never'
expect_error 'clone-budget=lots' '`clone-budget=lots`: expected a number of operations'
# Bad LLVM IR: an error at its line and column through the C API, exit 1,
# nothing printed.
printf 'define void @f() {\n  ret i32\n}\n' >"$BUILD/bad.ll"
if "$EXAMPLES/embed-c" "$PIPELINE" "$BUILD/bad.ll" >"$BUILD/bad.out" 2>"$BUILD/bad.err"; then
    fail "the C example accepted bad LLVM IR"
elif ! grep -q "bad.ll:3:1: error: expected value token" "$BUILD/bad.err" || [ -s "$BUILD/bad.out" ]; then
    fail "bad LLVM IR through the C API: $(cat "$BUILD/bad.err")"
fi
# No leak, no invalid access: the plugin loaded twice, three contexts.
if command -v valgrind >/dev/null; then
    valgrind -q --leak-check=full --show-leak-kinds=definite,indirect \
        --errors-for-leak-kinds=definite,indirect --error-exitcode=99 \
        "$EXAMPLES/repeat" "$PLUGIN" "$PIPELINE" "$first" 3 >"$BUILD/repeat.out" 2>"$BUILD/repeat.err" ||
        fail "valgrind on the repeat example: $(cat "$BUILD/repeat.err")"
else
    fail "valgrind is not installed (scripts/setup.sh installs it)"
fi
echo "c-api.sh: ${#inputs[@]} inputs through mlir-opt's plugin, the C and the C++ example; $failures difference(s)"
[ "$failures" -eq 0 ]
