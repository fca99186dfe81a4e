#!/usr/bin/env bash
# Runs the test suite, one suite after another.
#
#   scripts/test.sh               # everything: what CI runs (.ci/run)
#   scripts/test.sh --quick       # cargo test, then one pass over each corpus
#   scripts/test.sh --keep-going  # run every suite even after one failed
#
# Prints one line per suite: ok or FAIL, its name, what it ran, how many
# items it checked (as the suite itself counts them) and its seconds.
# Everything a suite prints (cargo's output, expected warnings, PASS lines)
# goes to target/test-logs/<suite>.log, emptied at the start of each run; a
# failing suite's line is followed by the last lines of its log.
# A suite fails when any command in it fails (it runs under
# `set -euo pipefail`). The run stops at the first failing suite, unless
# --keep-going, which runs the rest (later suites may fail only because an
# earlier one did) and lists the failures at the end. Exit status: 0 iff
# every suite passed.
# Snapshots are never accepted silently: a missing or different snapshot
# fails (review changes with `cargo insta review`).
#
# --quick (about 2 minutes once the corpora are built): `cargo test` (unit,
# snapshot and file tests; not the doc tests, not the API documentation),
# the execution corpus and its vector lanes through O2 only, explain on the
# execution corpus, the programs corpus through O2 (and its dead-switch
# check), both corpora for NVPTX only. Left to the full run: every other
# pipeline and set alone, the named builtin library, flat inputs, the MLIR
# pass and C API embeddings (valgrind), determinism, AMDGPU, fidelity, the
# resolution report (which rebuilds the CUDA and HIP corpora) and the LLVM
# pass plugin.
set -euo pipefail
cd "$(dirname "$0")/.."
. tests/lib.sh

TEST_QUICK=0
KEEP_GOING=0
for arg in "$@"; do
    case "$arg" in
    --quick) TEST_QUICK=1 ;;
    --keep-going) KEEP_GOING=1 ;;
    -h | --help) lib_usage; exit 0 ;;
    *) echo "test.sh: unknown argument $arg (see --help)" >&2; exit 2 ;;
    esac
done

export INSTA_UPDATE=no
unset INSTA_FORCE_PASS
TEST_GAS_OPT=$PWD/target/debug/gas-opt
# The semantic oracle's pipelines (tests/execution/README.md): O0 and O2;
# every set alone between raise and lower (propagate also before raise, on
# plain LLVM); the O2 sets in reverse. PIPELINE@TARGET runs with --target
# TARGET: private-branch-elision acts only where the backend places private
# memory in the global buffer (spir-igc), so O2 also runs there.
TEST_PIPELINES="O0 O2 O2@spir-igc
    raise,propagate,lower propagate propagate,raise,lower
    raise,explicit-cast-tags,lower raise,private-branch-elision,lower@spir-igc raise,static-global,lower
    raise,async-copy-simplify,lower raise,builtin-calls,lower builtin-calls,raise,lower
    raise,async-copy-simplify,static-global,private-branch-elision,builtin-calls,propagate,explicit-cast-tags,lower@spir-igc"
[ "$TEST_QUICK" = 0 ] || TEST_PIPELINES=O2
export TEST_GAS_OPT TEST_PIPELINES TEST_QUICK

# ------------------------------------------------------------------ suites
# Each runs in a bash of its own under `set -euo pipefail` (lib_suite).

test_cargo_test() { cargo test --workspace --all-targets --quiet; }
test_doc_tests() { cargo test --workspace --doc --quiet; }
# The API documentation builds without warnings (every public item documented).
test_api_docs() { RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet; }
test_build() {
    cargo build --quiet -p gas-pipelines --bin gas-opt
    if [ "$TEST_QUICK" = 0 ]; then
        cargo build --quiet -p gas-pipelines --example embed
        # libgas.so: a workspace of its own, on the shared libMLIR.so.
        (cd capi && cargo build --quiet)
    fi
}
# The semantic oracle: every kernel of the execution corpus, in both forms,
# must compute the same buffers after each pipeline as unprocessed.
# gas-opt's arguments for one of TEST_PIPELINES (PIPELINE or PIPELINE@TARGET).
pipeline_args() {
    case "$1" in
    *@*) echo "--pipeline ${1%@*} --target ${1#*@}" ;;
    *) echo "--pipeline $1" ;;
    esac
}
# One run of the harness for every pipeline: the reference is built once, and
# an output byte-identical to an earlier pipeline's is not run again.
test_execution() {
    local pipeline processes=()
    for pipeline in $TEST_PIPELINES; do
        processes+=(--process "$TEST_GAS_OPT $(pipeline_args "$pipeline") --emit llvm-ir")
    done
    tests/execution/run.sh "${processes[@]}"
}
# Gathers and scatters through vectors of generic pointers, run by lli;
# then lower alone: vector casts raise did not claim stay casts (no tagged
# lanes).
test_lanes() {
    local pipeline
    for pipeline in $TEST_PIPELINES; do
        tests/execution/lanes.sh "$pipeline"
    done
    [ "$TEST_QUICK" = 1 ] || tests/execution/lanes.sh lower
}
# The oracle on debug builds: the corpus with full debug info through O2
# (debug info is carried by the boundary and the clone helper, which O2
# exercises; tests/debug/run.sh checks that -g changes no code, so the other
# pipelines' results carry over; the explain suite runs the corpus with
# line tables).
test_execution_debug() {
    tests/execution/run.sh --debug-info full --build-dir tests/execution/build-full \
        --process "$TEST_GAS_OPT --pipeline O2 --emit llvm-ir"
}
# A builtin library with named overloads only (tests/execution/README.md):
# O2 with --builtins named must leave no generic builtin call, and every
# named overload checks that its pointer is untagged and of its space.
test_execution_named() {
    tests/execution/run.sh --library named \
        --process "$TEST_GAS_OPT --pipeline O2 --builtins named --named-atomics --emit llvm-ir"
}
# Seed 003's flat inputs: kernels of the corpus with every address space
# removed (tests/execution/flatten.sh) must compute the same after
# --flat-input puts the spaces back, with the space checks on.
test_execution_flat() {
    local pipeline
    for pipeline in O0 O2; do
        tests/execution/run.sh --flat \
            --process "$TEST_GAS_OPT --flat-input --pipeline $pipeline --emit llvm-ir"
    done
}
# Real-style programs (tests/programs/README.md): every program, in both
# forms, accepted by O0, O2 and every set alone (--quick: O2), the output
# verified by LLVM.
test_programs() {
    if [ "$TEST_QUICK" = 1 ]; then
        tests/programs/run.sh --pipelines O2
    else
        tests/programs/run.sh
    fi
}
# Determinism: two O2 runs of every program's inlined form print the same
# bytes (each process hashes with its own random seed, so an order that
# depends on a HashMap shows up here).
test_determinism() {
    local input first second
    for input in tests/programs/build/*/inlined.ll; do
        first=$("$TEST_GAS_OPT" --pipeline O2 --emit llvm-ir "$input" | md5sum)
        second=$("$TEST_GAS_OPT" --pipeline O2 --emit llvm-ir "$input" | md5sum)
        if [ "$first" != "$second" ]; then
            echo "test.sh: O2 is not deterministic on $input" >&2
            exit 1
        fi
        echo "deterministic: $input"
    done
}
# Hardware targets (tests/targets/README.md): both corpora compiled for
# NVPTX and AMDGPU (--quick: NVPTX), through O2 with the target from the
# triple (and from --target: the same bytes), LLVM's verifier and llc.
test_targets() {
    if [ "$TEST_QUICK" = 1 ]; then
        tests/targets/run.sh --pipelines O2 --target nvptx
    else
        tests/targets/run.sh --pipelines O2
    fi
}
test_plugin() {
    tests/plugin/run.sh
    tests/execution/run.sh --process "$PWD/tests/plugin/clang_process.sh $PWD/capi/target/debug/libgas.so"
}
export -f pipeline_args test_plugin test_cargo_test test_doc_tests test_api_docs test_build test_execution test_execution_debug test_lanes \
    test_execution_named test_execution_flat test_programs test_determinism test_targets

# ------------------------------------------------------------------ the run
LIB_LOG_DIR=target/test-logs
rm -rf "$LIB_LOG_DIR"
mkdir -p "$LIB_LOG_DIR"
mode="full run"
[ "$TEST_QUICK" = 0 ] || mode="quick run (--quick)"
echo "test.sh: $mode; each suite's output is in $LIB_LOG_DIR/<suite>.log"
failed=()
started=$SECONDS
# suite NAME WHAT COUNTER COMMAND...: lib_suite, then stop unless --keep-going;
# full ...: the same, left out by --quick.
suite() {
    lib_suite "$@" && return 0
    failed+=("$1")
    [ "$KEEP_GOING" = 1 ] || finish
}
full() { [ "$TEST_QUICK" = 1 ] || suite "$@"; }
finish() {
    local secs=$((SECONDS - started))
    if [ ${#failed[@]} -eq 0 ]; then
        echo "test.sh: every suite passed ($mode, $secs s)"
        exit 0
    fi
    echo "test.sh: FAILED: ${failed[*]} ($mode, $secs s; logs in $LIB_LOG_DIR/)"
    exit 1
}

o2=O2 every=O2 targets=NVPTX
[ "$TEST_QUICK" = 1 ] || o2="$(echo $TEST_PIPELINES | wc -w) pipelines" every="every pipeline" targets="NVPTX, AMDGPU"
suite setup "installs what is missing" - scripts/setup.sh
# The layout: no module circle, nothing running back up a floor, no source
# file over 800 lines (scripts/layering.py).
suite layering "floors, circles, file lengths" - python3 scripts/layering.py
suite cargo-test "unit, snapshot and file tests" "tests=^test result: ok\. [0-9]+" test_cargo_test
full doc-tests "documentation examples" "tests=^test result: ok\. [0-9]+" test_doc_tests
full api-docs "cargo doc, no warning" - test_api_docs
suite build "gas-opt$([ "$TEST_QUICK" = 1 ] || echo ", embed, libgas.so")" - test_build
suite execution "oracle, $o2" "results=[0-9]+ results," test_execution
suite lanes "vector lanes, lli" "checks=^PASS lanes" test_lanes
full execution-debug "oracle, -g forms, O2" "results=[0-9]+ results," test_execution_debug
full execution-named "oracle, named builtins" "results=[0-9]+ results," test_execution_named
full execution-flat "oracle, flat inputs" "results=[0-9]+ results," test_execution_flat
# Explain and check on the corpus with line tables: one remark per run-time
# decision, at its OpenCL line, with a reason; only the expected warnings.
suite explain "remarks, expected warnings" "remarks=[0-9]+ remark\(s\)" tests/explain/corpus.sh
suite programs "programs corpus, $every" "runs=runs: [0-9]+" test_programs
# O2 leaves no switch in a function no kernel can reach.
suite dead-switch "programs, O2 reachability" "programs=^programs: [0-9]+" tests/programs/run.sh --dead-switch-check
# Tag operations in O2's code with no run-time decision stay at or below
# tests/tags/ceiling.txt (the full run checks it in the resolution report).
[ "$TEST_QUICK" = 0 ] || suite tags "tag operations, ceiling" - tests/tags/report.sh --check
# The sets as MLIR passes: --pass-pipeline in O2's order and the embedding
# example's own pass manager print the same as --pipeline O2 on both corpora.
full embedding "--pass-pipeline, embed example" "inputs=[0-9]+ inputs" tests/embedding/compare.sh
# gas from C, C++ and mlir-opt (libgas.so): the plugin in mlir-opt, the C
# and the C++ example print what gas-opt prints on both corpora; bad
# options, loading twice, and no leak under valgrind.
full c-api "plugin, C, C++, valgrind" "inputs=[0-9]+ inputs" tests/embedding/c-api.sh
full determinism "two O2 runs, same bytes" "programs=^deterministic: " test_determinism
suite targets "$targets, O2, llc" "runs=runs: [0-9]+" test_targets
# Debug builds (tests/debug/run.sh): every corpus with line tables and full
# debug info through O2, read back by LLVM (text and bitcode), llc, ptxas and
# llvm-dwarfdump --verify, and -g changes no code (O2 only: see its header).
full debug "-g forms, O2, -g changes no code" "runs=runs: [0-9]+" tests/debug/run.sh
# LLVM IR in, LLVM IR out (tests/fidelity/README.md): on every corpus, the
# verify pipeline gives the input back up to value names and O2 changes only
# what gas changes (metadata, flags, attributes, layout all kept).
full fidelity "IR in, IR out, 7 corpora" "inputs=: [0-9]+ inputs" tests/fidelity/corpora.sh
# Resolution quality must not regress below LLVM's InferAddressSpaces, on
# SPIR and on both hardware targets, nor below LLVM's NVPTX pipeline on the
# CUDA corpus (tests/cuda/resolution.sh: every program in both forms through
# clang with CUDA's headers, gas O2, LLVM's verifier, llc for sm_90 and
# ptxas); docs/resolution.md is the same report, kept in the repository.
full resolution "vs InferAddressSpaces, CUDA, HIP" - scripts/resolution-report.sh --check
# gas as an LLVM pass plugin (libgas.so; tests/plugin/run.sh): `opt
# -passes=gas` prints what gas-opt prints on every corpus built above,
# clang -fpass-plugin builds OpenCL, CUDA and HIP and reports gas's
# warnings as its own; the execution corpus built by clang with the plugin
# passes the oracle.
full plugin "opt -passes=gas = gas-opt, clang -fpass-plugin, oracle" "inputs=^inputs: [0-9]+" test_plugin
# MLIR GPU kernels (tests/mlir-gpu/) lowered by MLIR's NVVM, ROCDL and
# SPIR-V conversions, with gas nested in each gpu.module through mlir-opt's
# plugin: every build compiles (ptxas, llc, spirv-val), gas leaves no more
# generic accesses than MLIR alone, run-time choices stay (compare.sh; the
# NVVM builds run on a GPU with tests/mlir-gpu/run_cuda.py).
full mlir-gpu "gpu.module nesting, NVVM, ROCDL, SPIR-V" "builds=[0-9]+ kernel builds" tests/mlir-gpu/compare.sh
finish
