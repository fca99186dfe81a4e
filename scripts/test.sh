#!/usr/bin/env bash
# Runs the whole test suite. Snapshots are never accepted silently: a missing
# or different snapshot fails (review changes with `cargo insta review`).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export INSTA_UPDATE=no
unset INSTA_FORCE_PASS
cargo test --workspace --all-targets --quiet
cargo test --workspace --doc --quiet
# The API documentation builds without warnings (every public item documented).
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet
# The semantic oracle: every kernel of the execution corpus, in both forms,
# must compute the same buffers after each pipeline as unprocessed
# (tests/execution/README.md): O0 and O2; every set alone between raise and
# lower (propagate also before raise, on plain LLVM); the O2 sets in reverse.
cargo build --quiet -p gas-pipelines --bin gas-opt
for pipeline in O0 O2 \
    raise,propagate,lower propagate propagate,raise,lower \
    raise,explicit-cast-tags,lower raise,private-branch-elision,lower raise,static-global,lower \
    raise,async-copy-simplify,lower raise,builtin-calls,lower builtin-calls,raise,lower \
    raise,async-copy-simplify,static-global,private-branch-elision,builtin-calls,propagate,explicit-cast-tags,lower; do
    tests/execution/run.sh --process "$PWD/target/debug/gas-opt --pipeline $pipeline --emit llvm-ir"
    # Gathers and scatters through vectors of generic pointers, run by lli.
    tests/execution/lanes.sh "$pipeline"
done
# lower alone: vector casts raise did not claim stay casts (no tagged lanes).
tests/execution/lanes.sh lower
# A builtin library with named overloads only (tests/execution/README.md):
# O2 with --builtins named must leave no generic builtin call, and every
# named overload checks that its pointer is untagged and of its space.
tests/execution/run.sh --library named \
    --process "$PWD/target/debug/gas-opt --pipeline O2 --builtins named --named-atomics --emit llvm-ir"
# Seed 003's flat inputs: kernels of the corpus with every address space
# removed (tests/execution/flatten.sh) must compute the same after
# --flat-input puts the spaces back, with the space checks on.
for pipeline in O0 O2; do
    tests/execution/run.sh --flat \
        --process "$PWD/target/debug/gas-opt --flat-input --pipeline $pipeline --emit llvm-ir"
done
# Explain and check on the corpus with line tables: one remark per run-time
# decision, at its OpenCL line, with a reason; only the expected warnings.
tests/explain/corpus.sh
# Real-style programs (tests/programs/README.md): every program, in both
# forms, accepted by O0, O2 and every set alone, the output verified by
# LLVM; and O2 leaves no switch in a function no kernel can reach.
tests/programs/run.sh
tests/programs/run.sh --dead-switch-check
# The sets as MLIR passes: --pass-pipeline in O2's order and the embedding
# example's own pass manager print the same as --pipeline O2 on both corpora.
cargo build --quiet -p gas-pipelines --example embed
tests/embedding/compare.sh
# gas from C, C++ and mlir-opt (libgas.so): the plugin in mlir-opt, the C
# and the C++ example print what gas-opt prints on both corpora; bad
# options, loading twice, and no leak under valgrind.
cargo build --quiet -p gas-capi
tests/embedding/c-api.sh
# Determinism: two O2 runs of every program's inlined form print the same
# bytes (each process hashes with its own random seed, so an order that
# depends on a HashMap shows up here).
for input in tests/programs/build/*/inlined.ll; do
    first=$(target/debug/gas-opt --pipeline O2 --emit llvm-ir "$input" | md5sum)
    second=$(target/debug/gas-opt --pipeline O2 --emit llvm-ir "$input" | md5sum)
    if [ "$first" != "$second" ]; then
        echo "test.sh: O2 is not deterministic on $input" >&2
        exit 1
    fi
done
# Hardware targets (tests/targets/README.md): both corpora compiled for
# NVPTX and AMDGPU, through O2 with the target from the triple (and from
# --target: the same bytes), LLVM's verifier and llc for the hardware.
tests/targets/run.sh --pipelines O2
# LLVM IR in, LLVM IR out (tests/fidelity/README.md): on every corpus, the
# verify pipeline gives the input back up to value names and O2 changes only
# what gas changes (metadata, flags, attributes, layout all kept).
tests/fidelity/corpora.sh
# Resolution quality must not regress below LLVM's InferAddressSpaces, on
# SPIR and on both hardware targets, nor below LLVM's NVPTX pipeline on the
# CUDA corpus (tests/cuda/resolution.sh: every program in both forms through
# clang with CUDA's headers, gas O2, LLVM's verifier, llc for sm_90 and
# ptxas); docs/resolution.md is the same report, kept in the repository.
scripts/resolution-report.sh --check
