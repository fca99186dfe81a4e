#!/usr/bin/env bash
# The HIP subset of the CUDA corpus: every tests/cuda/*.cu that compiles as
# HIP for AMDGPU with tests/cuda/hip/hip_min.h (`clang -x hip
# --cuda-device-only --offload-arch=gfx90a -nogpuinc`, no ROCm install;
# programs needing cooperative groups or warp shuffles are left out), in
# both forms (-O2, and -O2 -fno-inline). Each form's IR through `llc -O3
# -mcpu=gfx90a` (LLVM: AMDGPU's pipeline, which already ran
# InferAddressSpaces and assumes kernel pointer arguments global) and
# through `gas-opt --pipeline O2 --target amdgpu`, LLVM's verifier, then
# llc. Counts flat memory instructions (flat_load/flat_store/flat_atomic)
# in the GCN assembly.
#
#   tests/cuda/hip.sh        # markdown table
# Exit status 1 if a gas step fails or gas leaves more flat instructions
# than LLVM on any program and form.
set -uo pipefail
cd "$(dirname "$0")/../.."
llvm_bin=${LLVM_BIN:-/usr/lib/llvm-22/bin}
gas_opt=${GAS_OPT:-$PWD/target/debug/gas-opt}
[ -x "$gas_opt" ] || cargo build --quiet -p gas-pipelines --bin gas-opt
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
hip_flags=(-x hip --cuda-device-only --offload-arch=gfx90a -nogpuinc -nogpulib -O2
    -emit-llvm -S -include tests/cuda/hip/hip_min.h)
flat() { grep -cE '^\s+flat_(load|store|atomic)' "$1" || true; }
# One program (run in parallel, one per core): $out/NAME.row holds
# "NAME llvm gas llvm-outlined gas-outlined" (gas FAIL when a gas step
# failed), $out/NAME.skip that clang does not compile it as HIP, and
# $out/NAME.status 1 when a step failed.
hip_program() {
    local source=$1 name form ir row status=0 dir
    name=$(basename "$source" .cu)
    dir=$out/$name.d
    mkdir -p "$dir"
    if ! "$llvm_bin/clang" "${hip_flags[@]}" "$source" -o "$dir/inlined.ll" 2>/dev/null; then
        touch "$out/$name.skip"
        return 0
    fi
    "$llvm_bin/clang" "${hip_flags[@]}" -fno-inline "$source" -o "$dir/outlined.ll" 2>/dev/null
    row="$name"
    for form in inlined outlined; do
        ir=$dir/$form.ll
        "$llvm_bin/llc" -O3 -mcpu=gfx90a "$ir" -o "$dir/llvm.s" || { status=1; echo "FAIL llc $name $form" >&2; }
        if "$gas_opt" --pipeline O2 --target amdgpu --emit llvm-ir "$ir" -o "$dir/gas.ll" 2>"$dir/gas.err" \
            && "$llvm_bin/opt" -passes=verify -disable-output "$dir/gas.ll" \
            && "$llvm_bin/llc" -O3 -mcpu=gfx90a "$dir/gas.ll" -o "$dir/gas.s"; then
            row="$row $(flat "$dir/llvm.s") $(flat "$dir/gas.s")"
        else
            echo "FAIL gas $name $form: $(head -n 3 "$dir/gas.err")" >&2
            status=1
            row="$row $(flat "$dir/llvm.s") FAIL"
        fi
    done
    echo "$row" >"$out/$name.row"
    echo "$status" >"$out/$name.status"
}
hip_flags_decl=$(declare -p hip_flags)
export -f hip_program flat
export out llvm_bin gas_opt hip_flags_decl
printf '%s\0' tests/cuda/*.cu | xargs -0 -P "$(nproc)" -I{} bash -c 'eval "$hip_flags_decl"; hip_program "$1"' _ {}
status=0 programs=0 skipped=() rows=()
for source in tests/cuda/*.cu; do
    name=$(basename "$source" .cu)
    if [ -f "$out/$name.skip" ]; then
        skipped+=("$name")
    elif [ -f "$out/$name.row" ]; then
        programs=$((programs + 1))
        rows+=("$(cat "$out/$name.row")")
        [ "$(cat "$out/$name.status")" = 0 ] || status=1
    else
        echo "FAIL $name: no result" >&2
        status=1
    fi
done
printf '%s\n' "${rows[@]}" | awk -v status="$status" -v programs="$programs" -v skipped="${skipped[*]}" '
    BEGIN {
        print "| program | LLVM -O2 | gas -O2 | LLVM outlined | gas outlined |"
        print "| --- | ---: | ---: | ---: | ---: |"
    }
    {
        mark = ""
        if ($3 == "FAIL" || $5 == "FAIL" || $3 > $2 || $5 > $4) { mark = " **gas worse or failed**"; worse++ }
        printf "| %s | %s | %s | %s | %s |%s\n", $1, $2, $3, $4, $5, mark
        a += $2; b += $3; c += $4; d += $5
    }
    END {
        printf "| **total (%d programs)** | **%d** | **%d** | **%d** | **%d** |\n", programs, a, b, c, d
        printf "\nLeft out (cooperative groups, warp shuffles): %s.\n", skipped
        # No program compiled is a broken set-up, not a pass.
        exit (worse > 0 || status != 0 || programs == 0)
    }'
