#!/usr/bin/env bash
# Tag operations (sets, clears, tests of bits 61..63) left in O2's output on
# the SPIR corpora, counted by tests/tags/count.awk, and how many sit in
# functions with no run-time decision left (code whose accesses are all
# resolved, where a tag costs ALU work for nothing). NVPTX and AMDGPU have
# no tags: their generic pointers are the hardware's.
#
#   tests/tags/report.sh            # markdown: per corpus, then per function
#   tests/tags/report.sh --check    # exit 1 if a corpus has more tag
#                                   # operations in decision-free functions
#                                   # than tests/tags/ceiling.txt allows
# The corpora must be built (tests/execution/run.sh, tests/programs/run.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
GAS_OPT=${GAS_OPT:-target/debug/gas-opt}
mode=${1:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
corpora=(execution/inlined execution/unoptimized programs/inlined programs/unoptimized)
inputs_of() {
    case "$1" in
    execution/inlined) ls tests/execution/build/*/spir.inlined.ll ;;
    execution/unoptimized) ls tests/execution/build/*/spir.unoptimized.ll ;;
    programs/inlined) ls tests/programs/build/*/inlined.ll ;;
    programs/unoptimized) ls tests/programs/build/*/unopt.ll ;;
    esac
}
for corpus in "${corpora[@]}"; do
    inputs_of "$corpus" | while read -r input; do
        program=$(basename "$(dirname "$input")")
        "$GAS_OPT" --pipeline O2 --emit llvm-ir "$input" 2>/dev/null |
            awk -f tests/tags/count.awk | sed "s#^#$program #"
    done >"$tmp/$(echo "$corpus" | tr / _).txt"
done
failures=0
{
    echo "| corpus | functions | sets | clears | tests | in functions with no run-time decision | ceiling |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
    for corpus in "${corpora[@]}"; do
        file="$tmp/$(echo "$corpus" | tr / _).txt"
        ceiling=$(awk -v c="$corpus" '$1 == c { print $2 }' tests/tags/ceiling.txt)
        read -r functions sets clears tests free < <(awk '
            { n++; s += $3; c += $4; t += $5; if ($6 == 0) f += $3 + $4 + $5 }
            END { print n + 0, s + 0, c + 0, t + 0, f + 0 }' "$file")
        echo "| $corpus | $functions | $sets | $clears | $tests | $free | ${ceiling:-none} |"
        if [ -z "$ceiling" ] || [ "$free" -gt "$ceiling" ]; then
            echo "tests/tags/report.sh: $corpus: $free tag operation(s) in decision-free functions (ceiling ${ceiling:-none})" >&2
            failures=$((failures + 1))
        fi
    done
    echo
    echo "Functions with no run-time decision that still set or clear tags:"
    echo
    for corpus in "${corpora[@]}"; do
        awk -v c="$corpus" '$6 == 0 && $3 + $4 + $5 > 0 { printf "| %s | %s | `%s` | %d | %d |\n", c, $1, $2, $3, $4 }' \
            "$tmp/$(echo "$corpus" | tr / _).txt"
    done >"$tmp/left.md"
    if [ -s "$tmp/left.md" ]; then
        echo "| corpus | program | function | sets | clears |"
        echo "| --- | --- | --- | ---: | ---: |"
        cat "$tmp/left.md"
    else
        echo "none."
    fi
} >"$tmp/report.md"
[ "$mode" = --check ] || cat "$tmp/report.md"
[ "$failures" -eq 0 ]
