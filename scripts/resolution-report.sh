#!/usr/bin/env bash
# Resolution report: for every kernel of the execution corpus, in both forms,
# the generic accesses clang's IR has, the dynamic dispatches gas leaves after
# raise,propagate (three-way and two-way), the to_* checks left, and the
# generic accesses LLVM's InferAddressSpaces leaves on the same input
# (tests/execution/infer_as.sh: SPIR renumbered to NVPTX, the pass, back).
# Everything is counted the same way: as gas.dispatch ops after `raise`.
#
#   scripts/resolution-report.sh            # writes docs/resolution.md
#   scripts/resolution-report.sh --stdout   # prints the report instead
#   scripts/resolution-report.sh --check    # only the exit status (the MLIR GPU
#                                           # corpus left to tests/mlir-gpu/compare.sh)
#
# Exit status 1 if gas leaves more dynamic accesses than LLVM on any kernel
# (SPIR execution corpus, both corpora on NVPTX and AMDGPU, the CUDA corpus
# on NVPTX and as HIP on AMDGPU),
# or not fewer in total on the unoptimized form, or O2 leaves a switch in a
# function no kernel can reach, or more tag operations in functions with no
# run-time decision than tests/tags/ceiling.txt allows.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh >/dev/null
mode=${1:-write}

cargo build --quiet -p gas-pipelines --bin gas-opt
gas_opt="$PWD/target/debug/gas-opt"
# O2 up to (not including) lower: what lower would turn into switches.
o2_sets=raise,explicit-cast-tags,propagate,builtin-calls,private-branch-elision,static-global
# The SPIR forms of every kernel (cached by the harness).
tests/execution/run.sh >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out="$tmp/report.md"

# dispatch_counts FILE: "<all> <three-way> <two-way> <to_named>"
dispatch_counts() {
    awk '
        /"gas.to_named"/ { to++ }
        /"gas.dispatch"/ {
            all++
            widest = 1
            line = ""
            if (match($0, /spaces = \[[^]]*\]/)) line = substr($0, RSTART, RLENGTH)
            while (match(line, /array<i32: [0-9, ]*>/)) {
                n = split(substr(line, RSTART + 11, RLENGTH - 12), parts, ",")
                if (n > widest) widest = n
                line = substr(line, RSTART + RLENGTH)
            }
            if (widest == 3) three++
            else if (widest == 2) two++
        }
        END { printf "%d %d %d %d\n", all, three, two, to }
    ' "$1"
}

# builtin_generic_arguments FILE: generic pointer operands of calls to _Z functions.
builtin_generic_arguments() {
    awk '/llvm\.call .*@_Z/ {
            types = $0
            sub(/.*: \(/, "", types)
            sub(/\).*/, "", types)
            n += gsub(/!llvm\.ptr<4>/, "", types)
        }
        END { print n + 0 }' "$1"
}
# corpus_inputs CORPUS FORM: the SPIR files of a corpus in one form.
corpus_inputs() {
    case "$1/$2" in
    execution/*) ls tests/execution/build/*/spir."$2".ll ;;
    programs/unoptimized) ls tests/programs/build/*/unopt.ll ;;
    programs/inlined) ls tests/programs/build/*/inlined.ll ;;
    esac
}
tests/programs/run.sh --pipelines verify >/dev/null
# The gas-opt runs of the SPIR tables below, one kernel or input per core,
# each into a file of numbers the tables read in order.
mkdir -p "$tmp/counts"
# spir_counts FORM KERNEL: "all three two to0 to1 llvm o2three o2two o2to
# igcthree igctwo" for the dispatch table.
spir_counts() {
    local form=$1 k=$2 d all three two to0 to1 llvm o2three o2two o2to igcthree igctwo
    local spir="tests/execution/build/$k/spir.$form.ll"
    d=$(mktemp -d "$tmp/work.XXXXXX")
    "$gas_opt" --pipeline raise "$spir" >"$d/raised.mlir"
    "$gas_opt" --pipeline raise,propagate "$spir" >"$d/propagated.mlir"
    "$gas_opt" --pipeline "$o2_sets" "$spir" >"$d/o2.mlir"
    "$gas_opt" --pipeline "$o2_sets" --target spir-igc "$spir" >"$d/igc.mlir"
    tests/execution/infer_as.sh "$spir" >"$d/inferred.ll" 2>/dev/null
    "$gas_opt" --pipeline raise "$d/inferred.ll" >"$d/inferred.mlir"
    read -r all _ _ to0 < <(dispatch_counts "$d/raised.mlir")
    read -r _ three two to1 < <(dispatch_counts "$d/propagated.mlir")
    read -r llvm _ _ _ < <(dispatch_counts "$d/inferred.mlir")
    read -r _ o2three o2two o2to < <(dispatch_counts "$d/o2.mlir")
    read -r _ igcthree igctwo _ < <(dispatch_counts "$d/igc.mlir")
    echo "$all $three $two $to0 $to1 $llvm $o2three $o2two $o2to $igcthree $igctwo" >"$tmp/counts/$form.$k"
    rm -rf "$d"
}
# switch_counts KERNEL: "open closed open_dead closed_dead" (inlined form).
switch_counts() {
    local k=$1 d open closed open_dead closed_dead
    local spir="tests/execution/build/$k/spir.inlined.ll"
    d=$(mktemp -d "$tmp/work.XXXXXX")
    "$gas_opt" --pipeline O2 --emit llvm-ir --closed-world never "$spir" >"$d/open.ll"
    "$gas_opt" --pipeline O2 --emit llvm-ir "$spir" >"$d/closed.ll"
    open=$(grep -c '^ *switch ' "$d/open.ll" || true)
    closed=$(grep -c '^ *switch ' "$d/closed.ll" || true)
    open_dead=$(awk -v prog="$k" -f tests/programs/reachable.awk "$d/open.ll" | wc -l)
    closed_dead=$(awk -v prog="$k" -f tests/programs/reachable.awk "$d/closed.ll" | wc -l)
    echo "$open $closed $open_dead $closed_dead" >"$tmp/counts/switches.$k"
    rm -rf "$d"
}
# builtin_counts INPUT: "all left left_atomics" generic builtin arguments.
builtin_counts() {
    local input=$1 d
    d=$(mktemp -d "$tmp/work.XXXXXX")
    "$gas_opt" --pipeline raise "$input" >"$d/raised.mlir"
    "$gas_opt" --pipeline "$o2_sets" "$input" >"$d/o2.mlir"
    "$gas_opt" --pipeline "$o2_sets" --named-atomics "$input" >"$d/o2a.mlir"
    echo "$(builtin_generic_arguments "$d/raised.mlir") $(builtin_generic_arguments "$d/o2.mlir")" \
        "$(builtin_generic_arguments "$d/o2a.mlir")" >"$tmp/counts/builtins.$(echo "$input" | tr / _)"
    rm -rf "$d"
}
export -f spir_counts switch_counts builtin_counts dispatch_counts builtin_generic_arguments
export tmp gas_opt o2_sets
violations=""
kernels=()
for cl in tests/execution/kernels/*.cl; do kernels+=("$(basename "$cl" .cl)"); done
for form in unoptimized inlined; do
    for k in "${kernels[@]}"; do printf '%s\0%s\0' "$form" "$k"; done
done | xargs -0 -n 2 -P "$(nproc)" bash -c 'set -euo pipefail; spir_counts "$0" "$1"'
printf '%s\0' "${kernels[@]}" | xargs -0 -n 1 -P "$(nproc)" bash -c 'set -euo pipefail; switch_counts "$0"'
for corpus in execution programs; do
    for form in unoptimized inlined; do corpus_inputs "$corpus" "$form"; done
done | tr '\n' '\0' | xargs -0 -n 1 -P "$(nproc)" bash -c 'set -euo pipefail; builtin_counts "$0"'
{
    echo "# Resolution report"
    echo
    echo "Generated by \`scripts/resolution-report.sh\` on the kernels of"
    echo "\`tests/execution/kernels/\` (clang $(clang-22 --version 2>/dev/null | head -n1 | sed 's/.*version //; s/ .*//' || true))."
    echo "Counts are \`gas.dispatch\` ops, i.e. memory accesses through generic"
    echo "pointers (a memcpy between two generic pointers counts once):"
    echo
    echo "- **generic**: in clang's IR, after \`raise\`;"
    echo "- **gas 3-way / 2-way**: still dynamic after \`raise,propagate\` (a"
    echo "  dispatch over three or two spaces becomes a three- or two-way switch in"
    echo "  \`lower\`); **gas dynamic** is their sum;"
    echo "- **to_\***: \`to_global/to_local/to_private\` before → left after \`propagate\`;"
    echo "- **O2 3-way / 2-way / to_\***: the same after all of O2's sets before"
    echo "  \`lower\` ($o2_sets) for plain SPIR (\`--target spir\`, no backend"
    echo "  contract): static-global removes private and local cases where a kernel"
    echo "  allows it;"
    echo "- **IGC 3-way / 2-way**: the same for \`--target spir-igc\`, whose backend"
    echo "  places private memory in the global buffer on request: private-branch-"
    echo "  elision also drops private cases;"
    echo "- **LLVM**: generic accesses left by \`opt -passes=infer-address-spaces\`"
    echo "  on the same input (renumbered to NVPTX spaces and back,"
    echo "  \`tests/execution/infer_as.sh\`)."
    echo
    echo "Both tools see the whole module, including clang's unused"
    echo "\`__clang_ocl_kern_imp_<kernel>\` copy of each kernel body."
    for form in unoptimized inlined; do
        echo
        echo "## ${form} form"
        echo
        echo "| kernel | generic | gas 3-way | gas 2-way | gas dynamic | to_* | O2 3-way | O2 2-way | O2 to_* | IGC 3-way | IGC 2-way | LLVM |"
        echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
        t_all=0 t_three=0 t_two=0 t_dyn=0 t_to0=0 t_to1=0 t_llvm=0 t_o2three=0 t_o2two=0 t_o2to=0 t_igcthree=0 t_igctwo=0
        for cl in tests/execution/kernels/*.cl; do
            k=$(basename "$cl" .cl)
            read -r all three two to0 to1 llvm o2three o2two o2to igcthree igctwo <"$tmp/counts/$form.$k"
            dyn=$((three + two))
            echo "| $k | $all | $three | $two | $dyn | $to0 → $to1 | $o2three | $o2two | $o2to | $igcthree | $igctwo | $llvm |"
            t_o2three=$((t_o2three + o2three)) t_o2two=$((t_o2two + o2two)) t_o2to=$((t_o2to + o2to))
            t_igcthree=$((t_igcthree + igcthree)) t_igctwo=$((t_igctwo + igctwo))
            t_all=$((t_all + all)) t_three=$((t_three + three)) t_two=$((t_two + two))
            t_dyn=$((t_dyn + dyn)) t_to0=$((t_to0 + to0)) t_to1=$((t_to1 + to1)) t_llvm=$((t_llvm + llvm))
            [ "$dyn" -le "$llvm" ] || violations="$violations $k/$form"
        done
        echo "| **total** | **$t_all** | **$t_three** | **$t_two** | **$t_dyn** | **$t_to0 → $t_to1** | **$t_o2three** | **$t_o2two** | **$t_o2to** | **$t_igcthree** | **$t_igctwo** | **$t_llvm** |"
        if [ "$form" = unoptimized ] && [ "$t_dyn" -ge "$t_llvm" ]; then
            violations="$violations total/unoptimized"
        fi
    done
    echo
    echo "## Helper chains and dead functions"
    echo
    echo "Run-time switches (\`switch\` instructions after \`--pipeline O2 --emit llvm-ir\`),"
    echo "in all functions and in functions no kernel can reach"
    echo "(\`tests/programs/reachable.awk\`: roots are kernels and functions whose"
    echo "address is taken, edges direct calls), on the inlined form, where clang"
    echo "keeps every externally visible helper although it inlined it everywhere."
    echo "**closed** is the default (\`--closed-world auto\`: the module has kernels,"
    echo "so only they are entry points and \`propagate\` erases the unreachable"
    echo "functions before resolving); **open** is \`--closed-world never\`, where"
    echo "every exported function may be called from outside and stays."
    echo "The chain rows are the execution corpus's helper chains"
    echo "(\`f1(p) → f2(p) → f3(p) → f4(p)\` called with global, local and private"
    echo "pointers): each level is cloned per space under an operation budget,"
    echo "so the leaves need no switch."
    echo
    echo "| kernel (inlined form) | switches, open | in dead functions, open | switches, closed | in dead functions, closed |"
    echo "|---|---:|---:|---:|---:|"
    d_open=0 d_open_dead=0 d_closed=0 d_closed_dead=0
    for cl in tests/execution/kernels/*.cl; do
        k=$(basename "$cl" .cl)
        read -r open closed open_dead closed_dead <"$tmp/counts/switches.$k"
        d_open=$((d_open + open)) d_open_dead=$((d_open_dead + open_dead))
        d_closed=$((d_closed + closed)) d_closed_dead=$((d_closed_dead + closed_dead))
        case "$k" in chain_* | call_chain | helper_spaces) ;; *) [ "$open_dead$closed_dead" = 00 ] && continue ;; esac
        echo "| $k | $open | $open_dead | $closed | $closed_dead |"
        [ "$closed_dead" -eq 0 ] || violations="$violations dead-switch/$k"
    done
    echo "| **all $(ls tests/execution/kernels/*.cl | wc -l) kernels** | **$d_open** | **$d_open_dead** | **$d_closed** | **$d_closed_dead** |"
    echo
    echo "(Kernels without switches in dead functions and outside the chain"
    echo "family are left out of the rows but counted in the totals; the dead"
    echo "columns count functions, not switches.)"
    echo
    echo "## Builtin calls"
    echo
    echo "Generic pointer arguments of calls to \`_Z…\` functions (OpenCL builtins,"
    echo "and user functions overloaded by address space) in clang's IR after"
    echo "\`raise\`, and left after O2's sets before \`lower\` ($o2_sets),"
    echo "with the default library (OpenCL 2.0: named overloads of the math and"
    echo "vload/vstore builtins) and with \`--named-atomics\` (OpenCL 3.0's named"
    echo "C11 atomics too). \`get_fence\` calls are folded or computed, never"
    echo "left. Corpora: the execution kernels and \`tests/programs/\`, both forms."
    echo
    echo "| corpus | form | generic builtin arguments | left by O2 | left by O2 --named-atomics |"
    echo "|---|---|---:|---:|---:|"
    b_all=0 b_left=0 b_left_atomics=0
    for corpus in execution programs; do
        for form in unoptimized inlined; do
            c_all=0 c_left=0 c_left_atomics=0
            for input in $(corpus_inputs "$corpus" "$form"); do
                read -r all left left_atomics <"$tmp/counts/builtins.$(echo "$input" | tr / _)"
                c_all=$((c_all + all)) c_left=$((c_left + left)) c_left_atomics=$((c_left_atomics + left_atomics))
            done
            echo "| $corpus | $form | $c_all | $c_left | $c_left_atomics |"
            b_all=$((b_all + c_all)) b_left=$((b_left + c_left)) b_left_atomics=$((b_left_atomics + c_left_atomics))
        done
    done
    echo "| **all** | | **$b_all** | **$b_left** | **$b_left_atomics** |"
    echo
    if [ "$b_all" -gt 0 ]; then
        echo "No longer generic after O2: $(( (b_all - b_left) * 100 / b_all ))% with the default library,"
        echo "$(( (b_all - b_left_atomics) * 100 / b_all ))% with \`--named-atomics\`."
        echo "(\`--stats\` says, per call left, why: most are atomics without named"
        echo "overloads and pointers whose space stays unknown.)"
    fi
    echo
    echo "## Hardware targets: NVPTX and AMDGPU"
    echo
    echo "Every program of both corpora compiled by clang for"
    echo "\`nvptx64-nvidia-nvcl\` and \`amdgcn-amd-amdhsa\` (gfx90a), in both forms"
    echo "(\`tests/targets/README.md\`: which programs NVPTX cannot compile and why)."
    echo "Columns: generic (flat) loads, stores and atomics in clang's output"
    echo "(**input**), after \`opt -passes=infer-address-spaces\` on that same native"
    echo "input (**LLVM**) and after \`gas-opt --pipeline O2 --emit llvm-ir\` with the"
    echo "target from the triple (**gas**); \`tests/targets/generic_accesses.awk\`"
    echo "counts them. On NVPTX clang puts allocas in the generic space, so direct"
    echo "private accesses count for both tools; on AMDGPU clang's -O2 already ran"
    echo "InferAddressSpaces, so the inlined form's input equals LLVM."
    if tests/targets/run.sh --resolution >"$tmp/targets.md" 2>&1; then :; else
        violations="$violations targets"
    fi
    grep -v '^SKIP ' "$tmp/targets.md" | sed 's/^### /### /'
    echo
    if [ -z "$violations" ]; then
        echo "gas leaves no more dynamic accesses than LLVM on every kernel and form."
    else
        echo "**Targets missed:**$violations"
    fi
    echo
    echo "## CUDA on NVPTX: the CUDA corpus"
    echo
    echo "Every program of \`tests/cuda/\` (40, \`tests/cuda/README.md\`) compiled by"
    echo "clang with CUDA's own headers for sm_90, in both forms (-O2, and"
    echo "-O2 -fno-inline: helpers stay calls). Columns: generic (no state space)"
    echo "ld/st/atom/red instructions in the PTX of \`llc -O3\` on clang's IR"
    echo "(**LLVM**: its NVPTX pipeline, which assumes kernel pointer parameters"
    echo "global) and of \`llc -O3\` after \`gas-opt --pipeline O2\` (**gas**)."
    echo "Each program's comment names the run-time choices it keeps on purpose."
    echo
    if tests/cuda/resolution.sh >"$tmp/cuda.md"; then :; else
        violations="$violations cuda"
    fi
    cat "$tmp/cuda.md"
    echo
    echo "## HIP on AMDGPU: the CUDA corpus as HIP"
    echo
    echo "The programs of \`tests/cuda/\` that compile as HIP with the minimal"
    echo "header \`tests/cuda/hip/hip_min.h\` (\`clang -x hip --offload-arch=gfx90a"
    echo "-nogpuinc\`, \`tests/cuda/hip.sh\`), in both forms. Columns: flat memory"
    echo "instructions (\`flat_load\`/\`flat_store\`/\`flat_atomic\`) in the GCN"
    echo "assembly of \`llc -O3 -mcpu=gfx90a\` on clang's IR (**LLVM**: AMDGPU's -O2"
    echo "already ran InferAddressSpaces) and after \`gas-opt --pipeline O2\` (**gas**)."
    echo
    if tests/cuda/hip.sh >"$tmp/hip.md"; then :; else
        violations="$violations hip"
    fi
    cat "$tmp/hip.md"
    echo
    echo "## Tag operations left in O2 (SPIR)"
    echo
    echo "Where every access a pointer reaches is resolved, its code should hold no"
    echo "tag arithmetic at all. \`tests/tags/report.sh\` counts, in O2's LLVM IR, the"
    echo "tag sets (\`or\` of a private or local tag), clears (\`ashr 4\` after"
    echo "\`shl 4\`) and tests (\`lshr 61\`) function by function, and those in"
    echo "functions with no run-time decision left: no tag test, no switch, and no"
    echo "generic pointer passed to a call, stored or returned (the callee, the"
    echo "builtin library or whoever loads it reads the tag). The"
    echo "target is 0; \`tests/tags/ceiling.txt\` holds each corpus to what it is"
    echo "now (\`--check\` fails above it). NVPTX and AMDGPU have no tags."
    echo
    if GAS_OPT="$gas_opt" tests/tags/report.sh >"$tmp/tags.md"; then :; else
        violations="$violations tags"
    fi
    cat "$tmp/tags.md"
    echo
    echo "## Public CUDA code (measured outside the repository)"
    echo
    echo "Measured outside the repository, not by this script (the suites' licences"
    echo "vary, so no file of theirs is in it): every \`src/*-cuda/main.cu\` of"
    echo "HeCBench (zjin-lcf/HeCBench at f27000a5) and the \`cuda/**/*.cu\` files of"
    echo "Rodinia (yuhc/gpu-rodinia at 9c10d3ea) that define a kernel and compile alone"
    echo "here with clang 22 and CUDA 12.6's headers (363 and 18 files), built as the"
    echo "CUDA corpus is (clang -O2 and -O2 -fno-inline, llc -O3 for sm_90; gas-opt O2"
    echo "--target nvptx, verify, llc, ptxas). Generic ld/st/atom/red in the PTX (inline"
    echo "assembly included), gas before pointers in memory were followed (d316c36) and"
    echo "after (issue 44; c14e699, 2026-11-29; the same counts as at b8d5bcd):"
    echo
    echo "| suite | form | files | LLVM | gas d316c36 | gas c14e699 | gas / LLVM |"
    echo "| --- | --- | ---: | ---: | ---: | ---: | ---: |"
    echo "| HeCBench | -O2 | 363 | 5,378 | 682 | 349 | 6.5% |"
    echo "| HeCBench | -O2 -fno-inline | 363 | 27,816 | 12,209 | 789 | 2.8% |"
    echo "| Rodinia | -O2 | 18 | 7,179 | 0 | 0 | 0% |"
    echo "| Rodinia | -O2 -fno-inline | 18 | 2,025 | 0 | 0 | 0% |"
    echo "| **all** | -O2 | 381 | **12,557** | **682** | **349** | **2.8%** |"
    echo "| **all** | -O2 -fno-inline | 381 | **29,841** | **12,209** | **789** | **2.6%** |"
    echo
    echo "gas leaves more than LLVM, or than before, on no file and form, and every"
    echo "output goes through ptxas. Of the 349 left at -O2, 218 are cub's inline-asm"
    echo "relaxed loads and stores (nonzero, remap, sa, lzss, rle: assembly text no IR"
    echo "pass changes); the rest are kernels' by-value parameters read at run-time"
    echo "indices, run-time shared/global choices, pointer chasing from loaded"
    echo "pointers and system-scope atomics (docs/cuda.md lists them)."
    echo
    echo "## MLIR's GPU lowerings"
    echo
    echo "The 20 kernels of \`tests/mlir-gpu/\` (\`gpu.func\`s with \`func.func\`"
    echo "helpers on default-space memrefs), lowered by MLIR's own conversions for"
    echo "NVVM, ROCDL and SPIR-V (\`tests/mlir-gpu/lower.sh\`), without gas and with"
    echo "gas's O2 sets nested in each \`gpu.module\` through \`mlir-opt"
    echo "--load-pass-plugin=libgas.so\` (\`tests/mlir-gpu/compare.sh --markdown\`):"
    echo "generic loads, stores and atomics in the kernels and helpers (MLIR's"
    echo "C-interface wrappers aside), before → after. What stays on NVVM and ROCDL"
    echo "is the run-time choices (\`*_must_stay\`; memref descriptors through"
    echo "\`select\`s, loop-carried block arguments and returned structs are"
    echo "followed field by field); on SPIR-V every access left to several spaces"
    echo "becomes a run-time switch."
    echo
    if [ "$mode" = --check ]; then
        # The same checks are the mlir-gpu suite of scripts/test.sh
        # (compare.sh without --markdown): not run twice.
        echo "(not measured with --check: tests/mlir-gpu/compare.sh checks it)"
    elif [ -f capi/target/debug/libgas.so ]; then
        tests/mlir-gpu/compare.sh --markdown | sed -n '/^| kernel/,$p' ||
            violations="$violations mlir-gpu"
    else
        echo "(not measured: libgas.so is not built; \`cd capi && cargo build\`)"
    fi
    # LLVM's own InferAddressSpaces test inputs are not in this repository:
    # with LLVM_SUITE_DIR (a directory holding them) the section is measured
    # again, otherwise the last measured one is kept.
    suite_heading="## LLVM's own InferAddressSpaces tests"
    echo
    if [ -n "${LLVM_SUITE_DIR:-}" ]; then
        echo "$suite_heading"
        echo
        echo "\`tests/llvm-suite/run.sh DIR --markdown\` on the 89 inputs of LLVM's"
        echo "\`llvm/test/Transforms/InferAddressSpaces/\` (gathered outside the"
        echo "repository): flat accesses left by \`opt\` (each file's first RUN line)"
        echo "and by \`gas-opt --pipeline O2 --closed-world never\` with the RUN line's"
        echo "target, counted by \`tests/llvm-suite/flat_accesses.awk\` (on SPIR-V gas"
        echo "adds the run-time switches it made). Files \`opt\` 22 rejects are newer"
        echo "than LLVM 22 (syntax, intrinsic signatures, triples)."
        echo
        tests/llvm-suite/run.sh "$LLVM_SUITE_DIR" --markdown 2>/dev/null
    elif [ -f docs/resolution.md ] && grep -q "^$suite_heading" docs/resolution.md; then
        sed -n "/^$suite_heading/,\$p" docs/resolution.md
    fi
} >"$out"
case "$mode" in
--stdout) cat "$out" ;;
--check) ;;
*) cp "$out" docs/resolution.md ;;
esac
if [ -n "$violations" ]; then
    echo "resolution-report: gas leaves more dynamic accesses than LLVM, or more tag operations than tests/tags/ceiling.txt:$violations" >&2
    exit 1
fi
