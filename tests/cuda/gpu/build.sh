#!/usr/bin/env bash
# Builds every CUDA program of tests/cuda/ for the H100 (sm_90) and leaves
# the PTX, with a manifest, in tests/cuda/gpu/build/ for
# `tests/cuda/gpu/run.py` on a machine with CuPy (tests/cuda/README.md).
# CUDA's own headers (scripts/cuda-setup.sh: NVIDIA's wheels, no SDK
# install) are clang's `--cuda-path`. Two forms of each program:
#   build/<name>/clang.ll          clang -O2, CUDA device side
#   build/<name>/clang-outlined.ll clang -O2 -fno-inline: helpers stay calls
# and from each form's IR:
#   build/<name>/<form>.ptx        llc -O3: what users get today
#   build/<name>/gas-O2[-outlined].*  the form's IR through gas-opt
#                                  --pipeline O2 --target nvptx, then llc -O3
#   build/<name>/gas-verify.*      the O2 form through --pipeline verify
#                                  (the LLVM boundary alone), then llc -O3
#   build/<name>/plugin[-outlined].*  clang with -fpass-plugin=libgas.so (gas
#                                  inside clang's own pipeline), then llc -O3
# Every .ll passes `opt -passes=verify` and every PTX `ptxas -arch=sm_90`.
#   build/manifest.json            each program's <name>.json (buffers,
#                                  symbols to set, kernels and launch shapes)
#                                  and which builds succeeded
#   build/counts.tsv               program, build, generic ld/st/atom in its
#                                  PTX (scripts/resolution-report.sh reads it)
#   build/kernel_counts.tsv        program, build, kernel, generic ld/st/atom
#                                  in the kernel and every function it calls
#                                  (kernel_counts.py)
# The gas builds are made when $GAS_OPT (default target/debug/gas-opt)
# exists, the plugin builds when $GAS_PLUGIN (default
# capi/target/debug/libgas.so) does. It prints, per build, the `externally_initialized` globals of the
# IR and the PTX's memory instructions by state space. Exit status 1 when a
# step failed (the manifest says which; run.py reports those builds as failed).
# CUDA_BUILD_DIR (default build, relative to tests/cuda/gpu/; its name must
# start with build, it is emptied) puts them elsewhere, to keep two gas-opt
# versions side by side; GAS_CUDA_PATH names the CUDA headers' folder.
set -uo pipefail
# A relative $GAS_OPT names a file from where the script was called.
if [ -n "${GAS_OPT:-}" ] && [ "${GAS_OPT#/}" = "$GAS_OPT" ]; then
    GAS_OPT=$PWD/$GAS_OPT
fi
cd "$(dirname "$0")"
root=$(cd ../../.. && pwd)
corpus=$root/tests/cuda
llvm_bin=${LLVM_BIN:-/usr/lib/llvm-22/bin}
gas_opt=${GAS_OPT:-$root/target/debug/gas-opt}
gas_plugin=${GAS_PLUGIN:-$root/capi/target/debug/libgas.so}
cuda_path=$("$root/scripts/cuda-setup.sh") || { echo "build.sh: scripts/cuda-setup.sh failed" >&2; exit 1; }
cuda_flags=(-x cuda --cuda-device-only --cuda-gpu-arch=sm_90 --cuda-path="$cuda_path"
    -Xclang -target-feature -Xclang +ptx80 -O2 -emit-llvm -S)
llc_flags=(-O3 -march=nvptx64 -mcpu=sm_90)
ptxas=$cuda_path/bin/ptxas

# Each build: the form's clang IR it starts from (clang's own builds are it).
declare -A form_of=([clang]=clang [clang-outlined]=clang-outlined)
builds=(clang clang-outlined)
if [ -x "$gas_opt" ]; then
    builds+=(gas-verify gas-O2 gas-O2-outlined)
    form_of+=([gas-verify]=clang [gas-O2]=clang [gas-O2-outlined]=clang-outlined)
else
    echo "build.sh: no gas-opt at $gas_opt (set GAS_OPT, or cargo build -p gas-pipelines --bin gas-opt); clang builds only" >&2
fi
if [ -f "$gas_plugin" ]; then
    builds+=(plugin plugin-outlined)
    form_of+=([plugin]=clang [plugin-outlined]=clang-outlined)
fi

build=${CUDA_BUILD_DIR:-build}
case $(basename "$build") in
build*) ;;
*) echo "build.sh: CUDA_BUILD_DIR must name a folder called build* (it is emptied)" >&2; exit 2 ;;
esac
rm -rf -- "${build:?}"
mkdir -p "$build"
# One program: its builds, each recorded in <name>/status.tsv. Programs are
# built in parallel (one per core); their records are joined in name order.
build_program() {
    local source=$1 name out kind step flags pipeline status=0
    name=$(basename "$source" .cu)
    out=$build/$name
    mkdir -p "$out"
    : > "$out/status.tsv"
    record() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >> "$out/status.tsv"; }
    if ! "$llvm_bin/clang" "${cuda_flags[@]}" "$source" -o "$out/clang.ll" 2> "$out/clang.err" \
        || ! "$llvm_bin/clang" "${cuda_flags[@]}" -fno-inline "$source" -o "$out/clang-outlined.ll" 2>> "$out/clang.err"; then
        echo "FAILED: clang $name ($out/clang.err)" >&2
        for kind in "${builds[@]}"; do record "$name" "$kind" "clang failed"; done
        return 1
    fi
    for kind in "${builds[@]}"; do
        case $kind in
        clang | clang-outlined) step=ok ;;
        plugin | plugin-outlined)
            flags=("${cuda_flags[@]}")
            [ "$kind" = plugin ] || flags+=(-fno-inline)
            if "$llvm_bin/clang" "${flags[@]}" -fpass-plugin="$gas_plugin" "$source" \
                -o "$out/$kind.ll" 2> "$out/$kind.err"; then
                step=ok
            else
                step="clang -fpass-plugin failed ($out/$kind.err)"
            fi ;;
        gas-*)
            pipeline=${kind#gas-}
            pipeline=${pipeline%-outlined}
            if "$gas_opt" "$out/${form_of[$kind]}.ll" --pipeline "$pipeline" --target nvptx \
                --emit llvm-ir -o "$out/$kind.ll" 2> "$out/$kind.err"; then
                step=ok
            else
                step="gas-opt failed ($out/$kind.err)"
            fi ;;
        esac
        if [ "$step" = ok ] && ! "$llvm_bin/opt" -passes=verify -disable-output "$out/$kind.ll" 2>> "$out/$kind.err"; then
            step="invalid LLVM IR ($out/$kind.err)"
        fi
        if [ "$step" = ok ] && ! "$llvm_bin/llc" "${llc_flags[@]}" "$out/$kind.ll" -o "$out/$kind.ptx" 2>> "$out/$kind.err"; then
            step="llc failed ($out/$kind.err)"
        fi
        if [ "$step" = ok ] && ! "$ptxas" -arch=sm_90 "$out/$kind.ptx" -o /dev/null 2>> "$out/$kind.err"; then
            step="ptxas rejects the PTX ($out/$kind.err)"
        fi
        if [ "$step" != ok ]; then
            echo "FAILED: $kind $name: $step" >&2
            status=1
            rm -f "$out/$kind.ptx"
        fi
        record "$name" "$kind" "$step"
    done
    return $status
}
# Per build of one program: globals flagged externally_initialized in the
# IR, and PTX loads and stores by state space (generic: no space named), into
# <name>/table.md, counts.tsv and kernel_counts.tsv.
count_program() {
    local name kind dir ext
    name=$(basename "$1" .cu)
    dir=$build/$name
    : > "$dir/table.md"
    : > "$dir/counts.tsv"
    : > "$dir/kernel_counts.tsv"
    for kind in "${builds[@]}"; do
        [ -f "$dir/$kind.ptx" ] || { printf '| %s | %s | - | - | - | - | - | - |\n' "$name" "$kind" >> "$dir/table.md"; continue; }
        ext=$(grep -c '^@.*externally_initialized' "$dir/$kind.ll")
        awk -v name="$name" -v build="$kind" -v ext="$ext" '
            $1 ~ /^(ld|st|atom|red)\./ && $1 !~ /\.param\./ {
                if ($1 ~ /\.const\./) cons++
                else if ($1 ~ /\.shared\./) shared++
                else if ($1 ~ /\.global\./) global++
                else if ($1 ~ /\.local\./) local++
                else generic++
            }
            END {
                printf "| %s | %s | %d | %d | %d | %d | %d | %d |\n", name, build, ext, cons, generic, global, shared, local
                printf "%s\t%s\t%d\n", name, build, generic >> counts
            }
        ' counts="$dir/counts.tsv" "$dir/$kind.ptx" >> "$dir/table.md"
        python3 kernel_counts.py "$dir/$kind.ptx" \
            | awk -v name="$name" -v build="$kind" '{ print name "\t" build "\t" $0 }' >> "$dir/kernel_counts.tsv"
    done
}
# Bash exports no arrays: the parallel shells get them as declarations.
arrays=$(declare -p form_of builds cuda_flags llc_flags)
export -f build_program count_program
export build llvm_bin gas_opt gas_plugin ptxas arrays
status=0
printf '%s\0' "$corpus"/*.cu | xargs -0 -P "$(nproc)" -I{} bash -c 'eval "$arrays"; build_program "$1" && count_program "$1"' _ {} || status=1
cat "$build"/*/status.tsv > "$build/status.tsv"

# The manifest: every program's description, its source and its builds.
python3 - "$corpus" "$build" <<'PY' || status=1
import json, sys
from pathlib import Path
corpus, build = Path(sys.argv[1]), Path(sys.argv[2])
programs, builds = {}, []
for line in (build / "status.tsv").read_text().splitlines():
    name, kind, state = line.split("\t")
    if kind not in builds:
        builds.append(kind)
    if name not in programs:
        programs[name] = json.loads((corpus / f"{name}.json").read_text())
        programs[name]["source"] = f"tests/cuda/{name}.cu"
        programs[name]["builds"] = {}
    programs[name]["builds"][kind] = state
(build / "manifest.json").write_text(
    json.dumps({"builds": builds, "programs": programs}, indent=1) + "\n")
PY

# The counts, program by program (written by count_program), joined.
: > "$build/counts.tsv"
: > "$build/kernel_counts.tsv"
printf '| program | build | externally_initialized | ld.const | generic ld/st | global ld/st | shared ld/st | local ld/st |\n'
printf '| --- | --- | --- | --- | --- | --- | --- | --- |\n'
for dir in "$build"/*/; do
    cat "$dir/table.md"
    cat "$dir/counts.tsv" >> "$build/counts.tsv"
    cat "$dir/kernel_counts.tsv" >> "$build/kernel_counts.tsv"
done
exit $status
