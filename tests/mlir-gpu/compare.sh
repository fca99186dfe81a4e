#!/usr/bin/env bash
# The MLIR GPU corpus through MLIR's own lowerings, without gas and with gas
# nested in each gpu.module through mlir-opt's pass plugin (libgas.so):
#
#   tests/mlir-gpu/compare.sh [--plugin LIB] [--markdown]
#
# With gas, every kernel must lower and compile for NVVM (ptxas), ROCDL
# (llc -filetype=obj) and SPIR-V (llc, spirv-val) (run.sh; skips.txt
# honoured; MLIR alone's failures are listed, not counted); gas may leave no more generic loads, stores and atomics than
# MLIR alone in any kernel and target; the kernels whose choice of space is
# made at run time (`*_must_stay`) keep generic accesses on NVVM and ROCDL
# (flat targets: nothing may resolve them). --markdown prints the table of
# generic accesses before and after (docs/resolution.md). Exit 0 iff all hold.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
plugin=$root/capi/target/debug/libgas.so
markdown=0
while (($#)); do
  case $1 in
    --plugin) plugin=$2; shift 2 ;;
    --markdown) markdown=1; shift ;;
    *) echo "compare.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -f "$plugin" ] || { echo "compare.sh: no plugin at $plugin (cd capi && cargo build)" >&2; exit 2; }
# gas's O2 sets, nested after MLIR's conversion; canonicalize first folds the
# memref descriptors' insertvalue/extractvalue pairs.
gas_passes=canonicalize,gas-raise,gas-check,gas-propagate,gas-builtin-calls,gas-static-global,gas-async-copy-simplify,gas-lower,canonicalize,cse
build=$here/build-compare
rm -rf "$build"
status=0
"$here/run.sh" --out "$build/mlir" >"$build.mlir.log" 2>&1 || true
"$here/run.sh" --plugin "$plugin" --gas "$gas_passes" --out "$build/gas" >"$build.gas.log" 2>&1 || status=1
# MLIR alone: a build that fails is LLVM's (on SPIR-V, spirv-val rejects
# what LLVM 22's backend makes of generic pointers in 12 kernels), listed.
echo "MLIR alone: $(tail -n 1 "$build.mlir.log")"
grep '^FAIL' "$build.mlir.log" | sed 's/ (log: .*//; s/^/  /' || true
echo "with gas: $(tail -n 1 "$build.gas.log")"
grep -q ' 0 failed' "$build.gas.log" || { grep '^FAIL' "$build.gas.log"; status=1; }
total() { # DIR: generic loads+stores+atomics outside C-interface wrappers
  [ -f "$1/counts.tsv" ] || { echo -; return; }
  awk -F'\t' '$1 == "TOTAL" && $2 == "no-ciface" { print $3 + $4 + $5 }' "$1/counts.tsv"
}
rows=() before_sum=0 after_sum=0 kernels=0
for f in "$here"/*.mlir; do
  name=$(basename "$f" .mlir)
  row="| $name |"
  for target in nvvm rocdl spirv; do
    before=$(total "$build/mlir/$name/$target")
    after=$(total "$build/gas/$name/$target")
    row="$row $before → $after |"
    [ "$before" = - ] && continue
    if [ "$after" = - ] || [ "$after" -gt "$before" ]; then
      echo "compare.sh: $name $target: gas leaves $after generic accesses, MLIR alone $before"; status=1
      continue
    fi
    before_sum=$((before_sum + before)) after_sum=$((after_sum + after)) kernels=$((kernels + 1))
    if [[ $name == *_must_stay && $target != spirv && $after -eq 0 ]]; then
      echo "compare.sh: $name $target: a choice made at run time was resolved"; status=1
    fi
  done
  rows+=("$row")
done
echo "mlir-gpu: $kernels kernel builds, generic accesses $before_sum → $after_sum"
if [ "$markdown" = 1 ]; then
  echo
  echo "| kernel | NVVM | ROCDL | SPIR-V |"
  echo "| --- | ---: | ---: | ---: |"
  printf '%s\n' "${rows[@]}"
fi
exit $status
