#!/usr/bin/env bash
# tests/mlir-gpu/lower.sh — lower one corpus kernel file for one GPU target,
# with an optional hook for extra passes inside gpu.module, then compile it.
#
# Usage: lower.sh [options] FILE.mlir nvvm|rocdl|spirv
#   --gas 'PASSES'    pass list inserted inside gpu.module(...) right after the
#                     conversion to the LLVM dialect (default: $GAS_PASSES; when
#                     empty nothing is inserted)
#   --plugin LIB      passed to mlir-opt as --load-pass-plugin=LIB (repeatable;
#                     default: $GAS_PLUGIN)
#   --dialect-plugin LIB   passed as --load-dialect-plugin=LIB (repeatable)
#   --mlir-opt-arg ARG     any other mlir-opt argument (repeatable)
#   --bare-ptr        nvvm/rocdl only: use-bare-ptr-memref-call-conv=1 (every
#                     memref argument is one pointer; static shapes and layouts
#                     only, see README.md)
#   --out DIR         output folder (default: tests/mlir-gpu/build/NAME/TARGET)
#   --no-compile      stop after the LLVM IR (no llc, ptxas, spirv-val)
#   --force           ignore skips.txt (which lists kernels a target cannot
#                     lower, or cannot compile: see that file)
#   -q                print only the summary line
#
# Pipelines (PRE = convert-scf-to-cf,expand-strided-metadata,lower-affine;
# [,GAS] is the --gas list, left out when empty):
#   nvvm:  builtin.module(gpu.module(PRE,convert-gpu-to-nvvm,reconcile-unrealized-casts[,GAS]))
#   rocdl: builtin.module(gpu.module(PRE,convert-gpu-to-rocdl{chipset=gfx90a},reconcile-unrealized-casts[,GAS]))
#   spirv: builtin.module(gpu.module(PRE,convert-gpu-to-llvm-spv{use-64bit-index=true},convert-gpu-to-nvvm,reconcile-unrealized-casts[,GAS]))
# (--bare-ptr adds use-bare-ptr-memref-call-conv=1 to the nvvm/rocdl conversion.)
#
# SPIR-V: the file is first rewritten (mlir_gpu_util.py spirv-variant) so that
# every default-space memref is in the explicit generic space 4: on the LLVM
# SPIR-V path the default space means CrossWorkgroup (1), not generic.
# convert-gpu-to-llvm-spv lowers only gpu ops (gpu.func, ids, barriers) and
# leaves memref/func/arith/cf ops, whose memory spaces
# (#gpu.address_space<...>) neither finalize-memref-to-llvm nor convert-to-llvm
# can map; convert-gpu-to-nvvm, run after it, converts the rest with the same
# numbering OpenCL's SPIR uses (global 1, workgroup 3, private 0, numeric
# spaces kept), and finds no gpu op left to make NVVM-specific. The script
# checks that no nvvm op is left in the SPIR-V output. Between the two
# conversions the IR does not verify (gpu.func's blocks already have LLVM
# argument types while cf.cond_br still passes memrefs), so for spirv mlir-opt
# runs with --verify-each=false (the --gas passes too) and the result is then
# parsed again, which verifies it.
#
# Extraction: mlir-translate --mlir-to-llvmir does not accept gpu.module, so the
# lowered gpu.module's body is copied into a builtin.module (keeping the
# gpu.module's attributes, e.g. ROCDL's llvm.data_layout, and adding
# llvm.target_triple) and translated (mlir_gpu_util.py extract). The upstream
# route works for NVVM and ROCDL too (nvvm-attach-target{chip=sm_90} or
# rocdl-attach-target{chip=gfx90a} before the lowering, then
# gpu-module-to-binary{format=isa} puts PTX / AMDGPU assembly in a gpu.binary
# attribute), but it runs LLVM's optimizer before the IR can be looked at and
# has no SPIR-V counterpart here; the text route is the same for all three.
#
# Compilation:
#   nvvm:  llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 -> device.ptx;
#          ptxas -arch=sm_90 -> device.cubin
#   rocdl: llc -O3 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj -> device.o
#          (and -filetype=asm -> device.s, for the flat-instruction count)
#   spirv: llc -O3 -mtriple=spirv64-unknown-unknown -filetype=obj
#          --spirv-ext=+SPV_EXT_shader_atomic_float_add (memref.atomic_rmw addf
#          needs it) -> device.spv;
#          spirv-val device.spv when spirv-val is on PATH. Where device.ll has
#          a phi or select of an aggregate (a memref descriptor chosen at run
#          time) or an alloca with an element count (a private attribution),
#          opt -passes=instcombine runs first (device.instcombine.ll): LLVM
#          22's SPIR-V backend cannot lower those.
#
# Outputs in the output folder: input.mlir (the file as lowered: the SPIR-V
# variant for spirv), pipeline.txt, lowered.mlir, device.mlir, device.ll,
# counts.tsv (count_generic.py on device.ll: generic accesses before any
# resolution), the compiled files, and counts-llc.tsv (generic instructions
# left in the PTX / AMDGPU assembly after llc -O3, i.e. after LLVM's own
# InferAddressSpaces). The last line printed is
#   NAME TARGET ir: L S A (no-ciface: L S A) llc: L S A
# (loads, stores, atomics; the llc numbers leave out the ciface wrappers)
# Environment: LLVM_BIN (default /usr/lib/llvm-22/bin), PTXAS (default
# ${GAS_CUDA_PATH:-$HOME/.cache/gas/cuda-12.6}/bin/ptxas).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
PTXAS=${PTXAS:-${GAS_CUDA_PATH:-$HOME/.cache/gas/cuda-12.6}/bin/ptxas}
PYTHON=${PYTHON:-python3}

gas=${GAS_PASSES:-}
plugins=()
if [[ -n ${GAS_PLUGIN:-} ]]; then
  [[ -f $GAS_PLUGIN ]] || { echo "lower.sh: no plugin file $GAS_PLUGIN (GAS_PLUGIN)" >&2; exit 2; }
  plugins+=("--load-pass-plugin=$GAS_PLUGIN")
fi
extra=()
bare=0
out=
compile=1
force=0
quiet=0
args=()
while (($#)); do
  case $1 in
    --gas) gas=$2; shift 2 ;;
    --gas=*) gas=${1#--gas=}; shift ;;
    --plugin|--dialect-plugin)
      # mlir-opt only warns about a plugin it cannot load and goes on
      [[ -f $2 ]] || { echo "lower.sh: no plugin file $2" >&2; exit 2; }
      if [[ $1 == --plugin ]]; then plugins+=("--load-pass-plugin=$2")
      else plugins+=("--load-dialect-plugin=$2"); fi
      shift 2 ;;
    --mlir-opt-arg) extra+=("$2"); shift 2 ;;
    --bare-ptr) bare=1; shift ;;
    --out) out=$2; shift 2 ;;
    --no-compile) compile=0; shift ;;
    --force) force=1; shift ;;
    -q) quiet=1; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "lower.sh: unknown option $1" >&2; exit 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
if ((${#args[@]} != 2)); then
  echo "usage: lower.sh [options] FILE.mlir nvvm|rocdl|spirv (--help)" >&2
  exit 2
fi
file=${args[0]}
target=${args[1]}
name=$(basename "$file" .mlir)
[[ -f $file ]] || { echo "lower.sh: no file $file" >&2; exit 2; }

say() { ((quiet)) || echo "$@"; }

if ((!force)) && [[ -f $here/skips.txt ]]; then
  skip=$(awk -v n="$name" -v t="$target" '$1 == n && $2 == t { $1 = ""; $2 = ""; sub(/^ +/, ""); print; exit }' "$here/skips.txt")
  case ${skip%% *} in
    '') ;;
    lower) echo "$name $target SKIP (lower): ${skip#* }"; exit 0 ;;
    compile) compile=0; say "$name $target: not compiled (skips.txt): ${skip#* }" ;;
    *) echo "lower.sh: bad stage in skips.txt for $name $target" >&2; exit 2 ;;
  esac
fi

pre='convert-scf-to-cf,expand-strided-metadata,lower-affine'
case $target in
  nvvm)
    conv='convert-gpu-to-nvvm'
    ((bare)) && conv+='{use-bare-ptr-memref-call-conv=1}'
    triple=nvptx64-nvidia-cuda ;;
  rocdl)
    if ((bare)); then conv='convert-gpu-to-rocdl{chipset=gfx90a use-bare-ptr-memref-call-conv=1}'
    else conv='convert-gpu-to-rocdl{chipset=gfx90a}'; fi
    triple=amdgcn-amd-amdhsa ;;
  spirv)
    ((bare)) && { echo "lower.sh: --bare-ptr is not available for spirv" >&2; exit 2; }
    conv='convert-gpu-to-llvm-spv{use-64bit-index=true},convert-gpu-to-nvvm'
    triple=spirv64-unknown-unknown ;;
  *) echo "lower.sh: target must be nvvm, rocdl or spirv" >&2; exit 2 ;;
esac
inner="$pre,$conv,reconcile-unrealized-casts"
[[ -n $gas ]] && inner+=",$gas"
pipeline="builtin.module(gpu.module($inner))"

out=${out:-$here/build/$name/$target}
mkdir -p "$out"
rm -f "$out"/device.* "$out"/counts*.tsv "$out"/lowered.mlir

if [[ $target == spirv ]]; then
  "$PYTHON" "$here/mlir_gpu_util.py" spirv-variant "$file" "$out/input.mlir"
else
  cp "$file" "$out/input.mlir"
fi
printf '%s\n' "$pipeline" > "$out/pipeline.txt"
say "mlir-opt --pass-pipeline='$pipeline'"

verify=()
# SPIR-V: between convert-gpu-to-llvm-spv and convert-gpu-to-nvvm the IR is not
# valid (see the header), so the verifier runs on the result instead.
[[ $target == spirv ]] && verify=(--verify-each=false)
"$LLVM_BIN/mlir-opt" ${plugins[@]+"${plugins[@]}"} ${extra[@]+"${extra[@]}"} ${verify[@]+"${verify[@]}"} \
  --pass-pipeline="$pipeline" "$out/input.mlir" -o "$out/lowered.mlir"
if [[ $target == spirv ]]; then
  "$LLVM_BIN/mlir-opt" ${plugins[@]+"${plugins[@]}"} "$out/lowered.mlir" -o /dev/null
fi
if [[ $target == spirv ]] && grep -q 'nvvm\.' "$out/lowered.mlir"; then
  echo "lower.sh: an nvvm op is left in the SPIR-V lowering of $file" >&2
  exit 1
fi
"$PYTHON" "$here/mlir_gpu_util.py" extract "$out/lowered.mlir" "$out/device.mlir" --triple "$triple"
"$LLVM_BIN/mlir-translate" --mlir-to-llvmir "$out/device.mlir" -o "$out/device.ll"
"$PYTHON" "$here/count_generic.py" "$out/device.ll" --target "$target" > "$out/counts.tsv"
ir=$("$PYTHON" "$here/count_generic.py" "$out/device.ll" --target "$target" --summary)

llc_counts='- - -'
if ((compile)); then
  case $target in
    nvvm)
      "$LLVM_BIN/llc" -O3 -mtriple=$triple -mcpu=sm_90 "$out/device.ll" -o "$out/device.ptx"
      [[ -x $PTXAS ]] || { echo "lower.sh: ptxas not found at $PTXAS (set PTXAS)" >&2; exit 1; }
      "$PTXAS" -arch=sm_90 "$out/device.ptx" -o "$out/device.cubin"
      "$PYTHON" "$here/count_generic.py" "$out/device.ptx" --target nvvm > "$out/counts-llc.tsv"
      llc_counts=$("$PYTHON" "$here/count_generic.py" "$out/device.ptx" --target nvvm --summary | cut -d" " -f4-6) ;;
    rocdl)
      "$LLVM_BIN/llc" -O3 -mtriple=$triple -mcpu=gfx90a -filetype=obj "$out/device.ll" -o "$out/device.o"
      "$LLVM_BIN/llc" -O3 -mtriple=$triple -mcpu=gfx90a -filetype=asm "$out/device.ll" -o "$out/device.s"
      "$PYTHON" "$here/count_generic.py" "$out/device.s" --target rocdl > "$out/counts-llc.tsv"
      llc_counts=$("$PYTHON" "$here/count_generic.py" "$out/device.s" --target rocdl --summary | cut -d" " -f4-6) ;;
    spirv)
      # LLVM 22's SPIR-V backend cannot lower a phi or select of aggregate
      # (struct) values, which is what memref descriptors chosen at run time
      # become ("PHI node operands are not the same type as the result!",
      # "Select values must have same type as select instruction!" from the
      # verifier inside llc), and takes an alloca with an element count (a
      # private attribution: alloca float, i64 8) for a variable-length array
      # (SPV_INTEL_variable_length_array). InstCombine splits the former into
      # scalar phis and selects and turns the latter into alloca [8 x float];
      # device.ll (what is counted) is left as it is.
      spv_in=$out/device.ll
      if grep -Eq '= (phi|select i1 [^,]+,) [{[]|= alloca [^,]+, i(32|64) ' "$out/device.ll"; then
        "$LLVM_BIN/opt" -mtriple=$triple -passes=instcombine "$out/device.ll" -S -o "$out/device.instcombine.ll"
        spv_in=$out/device.instcombine.ll
        say "aggregate phi/select or counted alloca: compiling device.instcombine.ll"
      fi
      "$LLVM_BIN/llc" -O3 -mtriple=$triple --spirv-ext=+SPV_EXT_shader_atomic_float_add -filetype=obj "$spv_in" -o "$out/device.spv"
      if command -v spirv-val >/dev/null; then
        spirv-val "$out/device.spv"
      else
        say "spirv-val not on PATH: device.spv not validated"
      fi ;;
  esac
fi
set -- $ir
echo "$name $target ir: $1 $2 $3 (no-ciface: $4 $5 $6) llc: $llc_counts"
