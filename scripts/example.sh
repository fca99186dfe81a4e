#!/usr/bin/env bash
# Runs gas on the bundled OpenCL C 2.0 example: clang compiles it to SPIR
# LLVM IR (mem2reg'd), gas-opt imports it and prints the result.
# Usage: scripts/example.sh [gas-opt options...]   (default: the default pipeline)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export PATH="/usr/lib/llvm-22/bin:$PATH"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
clang -cc1 -triple spir64 -cl-std=CL2.0 -finclude-default-header -emit-llvm -O0 -disable-O0-optnone \
  examples/generic_pointers.cl -o "$work/raw.ll"
# opt warns that it has no spir64 target machine; that is expected and harmless.
opt -S -passes='sroa,mem2reg,instcombine,simplifycfg' "$work/raw.ll" -o "$work/generic_pointers.ll" \
  2> >(grep -v "failed to create target machine" >&2)

cargo build --quiet -p gas-pipelines --bin gas-opt
target/debug/gas-opt "$work/generic_pointers.ll" "$@"
