#!/usr/bin/env bash
# Generic memory instructions (ld/st/atom/red with no state space) that the
# PTX of every CUDA corpus program keeps: clang + llc (LLVM's own NVPTX
# pipeline, which assumes kernel pointer parameters global) against the same
# IR through gas-opt --pipeline O2 then llc, in both forms (-O2, and
# -O2 -fno-inline: helpers stay calls). Reads tests/cuda/gpu/build.sh's
# counts.tsv (building first).
#
#   tests/cuda/resolution.sh            # markdown table
# Exit status 1 if gas leaves more than LLVM on any program and form, or a
# build failed.
set -uo pipefail
cd "$(dirname "$0")/../.."
build=${CUDA_BUILD_DIR:-build}
status=0
tests/cuda/gpu/build.sh >/dev/null 2>"${TMPDIR:-/tmp}/cuda-build.$$.err" || status=1
if [ "$status" -ne 0 ]; then
    cat "${TMPDIR:-/tmp}/cuda-build.$$.err" >&2
fi
rm -f "${TMPDIR:-/tmp}/cuda-build.$$.err"
LC_ALL=C sort "tests/cuda/gpu/$build/counts.tsv" | awk -F'\t' -v status="$status" '
    { count[$1, $2] = $3; if (!($1 in seen)) { seen[$1] = 1; names[++n] = $1 } }
    END {
        print "| program | LLVM -O2 | gas -O2 | LLVM outlined | gas outlined |"
        print "| --- | ---: | ---: | ---: | ---: |"
        for (i = 1; i <= n; i++) {
            p = names[i]
            # A build that made no PTX has no count: a failure, not a 0
            # (tested before reading, which would make the entry).
            if (!((p, "gas-O2") in count) || !((p, "gas-O2-outlined") in count)) {
                printf "resolution.sh: no gas build of %s\n", p > "/dev/stderr"
                missing++
            }
            a = count[p, "clang"]; b = count[p, "gas-O2"]
            c = count[p, "clang-outlined"]; d = count[p, "gas-O2-outlined"]
            mark = ""
            if (b > a || d > c) { mark = " **gas worse**"; worse++ }
            printf "| %s | %d | %d | %d | %d |%s\n", p, a, b, c, d, mark
            ta += a; tb += b; tc += c; td += d
        }
        printf "| **total (%d programs)** | **%d** | **%d** | **%d** | **%d** |\n", n, ta, tb, tc, td
        printf "\ngas leaves %.1f%% of what LLVM leaves at -O2 and %.1f%% in the outlined form; worse on %d program(s).\n",
            ta ? 100 * tb / ta : 0, tc ? 100 * td / tc : 0, worse
        exit (worse > 0 || missing > 0 || status != 0 || n == 0)
    }' || status=1
# Kernel by kernel (each kernel with every function it calls, clones
# included): gas never leaves more than LLVM in either form.
awk -F'\t' '
    { count[$1, $2, $3] = $4; if (!(($1, $3) in seen)) { seen[$1, $3] = 1; kernels[++n] = $1 SUBSEP $3 } }
    END {
        for (i = 1; i <= n; i++) {
            split(kernels[i], k, SUBSEP)
            if (count[k[1], "gas-O2", k[2]] > count[k[1], "clang", k[2]] ||
                count[k[1], "gas-O2-outlined", k[2]] > count[k[1], "clang-outlined", k[2]]) {
                printf "- gas leaves more than LLVM in kernel %s of %s\n", k[2], k[1]
                worse++
            }
        }
        printf "Kernel by kernel (%d kernels, each with the functions it calls): gas leaves more on %d.\n", n, worse
        # No kernel counted is a broken build, not a pass.
        exit (worse > 0 || n == 0)
    }' "tests/cuda/gpu/$build/kernel_counts.tsv" || status=1
exit "$status"
