#!/usr/bin/env bash
# gas against LLVM's InferAddressSpaces on LLVM's own test inputs for that
# pass (llvm/test/Transforms/InferAddressSpaces/). Those files are LLVM's and
# stay out of this repository: gather them into a directory of your own and
# give it here.
#
#   tests/llvm-suite/run.sh DIR            # the per-file table, then totals
#   tests/llvm-suite/run.sh DIR --markdown # the per-directory table (docs/resolution.md)
#   tests/llvm-suite/run.sh DIR --check    # exit 1 if gas is worse on a file not in
#                                          # known-worse.txt (or no longer worse on one), or fails
#
# For each `*.ll` under DIR: LLVM is the first `opt` command of the file's
# RUN lines (its options, the output kept); gas is
# `gas-opt --pipeline O2 --closed-world never` with the target of the RUN
# line's -mtriple (or the file's triple). Both outputs are counted by
# flat_accesses.awk (accesses through the target's flat space); on SPIR,
# where gas turns what it cannot resolve into a switch on the tag, gas's
# count adds the switches O2 added (one per access left to run time). A
# file opt rejects is skipped; gas failing on a file opt accepts is a failure.
#
# Environment: GAS_OPT (default target/debug/gas-opt, built if missing),
# LLVM_BIN (default /usr/lib/llvm-22/bin).
set -uo pipefail
cd "$(dirname "$0")/../.."
dir=${1:?usage: tests/llvm-suite/run.sh DIR [--markdown|--check]}
mode=${2:-table}
llvm_bin=${LLVM_BIN:-/usr/lib/llvm-22/bin}
gas_opt=${GAS_OPT:-$PWD/target/debug/gas-opt}
[ -x "$gas_opt" ] || cargo build --quiet -p gas-pipelines --bin gas-opt
here=$PWD/tests/llvm-suite
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run_line FILE: the first RUN command that runs opt, continuation lines joined.
run_line() {
    awk '
        /RUN:/ {
            line = $0
            sub(/.*RUN:[ \t]*/, "", line)
            command = command line
            if (command ~ /\\[ \t]*$/) { sub(/\\[ \t]*$/, " ", command); next }
            if (command ~ /(^|[ \t])opt[ \t]/ && command !~ /^not /) {
                # SPIR-V: the 64-bit form (gas describes spir64).
                if (first == "") first = command
                if (command ~ /spirv64/) { print command; found = 1; exit }
            }
            command = ""
        }
        END { if (!found && first != "") print first }' "$1"
}

# gas_target TRIPLE: the gas target of an LLVM triple, empty if none.
gas_target() {
    case "$1" in
    amdgcn*) echo amdgpu ;;
    nvptx*) echo nvptx ;;
    spir*) echo spir ;;
    *) echo "" ;;
    esac
}

# Files where gas is known to leave more, and why (known-worse.txt).
declare -A known_worse=()
while read -r known reason; do
    case "$known" in '' | '#'*) continue ;; esac
    known_worse[$known]=$reason
done <"$here/known-worse.txt"

rows=()
failures=0 worse=0 worse_known=0 no_longer_worse=0 total_gas=0 total_llvm=0 skipped=0
while IFS= read -r file; do
    name=${file#"$dir"/}
    command=$(run_line "$file")
    if [ -z "$command" ]; then
        skipped=$((skipped + 1)); rows+=("$name skip no-opt-run-line"); continue
    fi
    command=${command%%|*}
    triple=$(sed -n 's/.*-mtriple[= ]\([^ ]*\).*/\1/p' <<<"$command")
    [ -n "$triple" ] || triple=$(sed -n 's/^target triple = "\(.*\)"/\1/p' "$file" | head -n1)
    target=$(gas_target "$triple")
    if [ -z "$target" ]; then
        # No triple: LLVM's pass is told the flat space (address-space=N or
        # -assume-default-is-flat-addrspace: 0); gas reads it with AMDGPU's numbering.
        target=amdgpu
    fi
    flat=0
    [ "$target" = spir ] && flat=4
    # shellcheck disable=SC2086
    opt_command=$(sed "s#%s#$file#g; s#^opt #$llvm_bin/opt #; s#[[:space:]]-o[[:space:]]*[^[:space:]]*# #g; s#-disable-output##g" <<<"$command")
    if ! eval "$opt_command -S -o $tmp/llvm.ll" >/dev/null 2>"$tmp/opt.err"; then
        skipped=$((skipped + 1)); rows+=("$name skip opt-rejects"); continue
    fi
    llvm_count=$(awk -v flat=$flat -f "$here/flat_accesses.awk" "$tmp/llvm.ll")
    # The input before either tool: what there was to resolve.
    "$llvm_bin/opt" ${triple:+-mtriple=$triple} -S "$file" -o "$tmp/input.ll" 2>/dev/null
    input_count=$(awk -v flat=$flat -f "$here/flat_accesses.awk" "$tmp/input.ll" 2>/dev/null)
    if ! "$gas_opt" --pipeline O2 --closed-world never --target "$target" --emit llvm-ir \
        "$tmp/input.ll" -o "$tmp/gas.ll" 2>"$tmp/gas.err"; then
        failures=$((failures + 1))
        rows+=("$name FAIL $target $input_count $llvm_count $(head -n1 "$tmp/gas.err" | tr ' ' '_' | cut -c1-120)")
        continue
    fi
    gas_count=$(awk -v flat=$flat -f "$here/flat_accesses.awk" "$tmp/gas.ll")
    if [ "$target" = spir ]; then
        # SPIR's generic accesses leave gas as run-time switches on the tag,
        # not as generic accesses: count the switches O2 added.
        before=$(grep -c '^ *switch ' "$tmp/input.ll" || true)
        after=$(grep -c '^ *switch ' "$tmp/gas.ll" || true)
        gas_count=$((gas_count + after - before))
    fi
    total_gas=$((total_gas + gas_count)) total_llvm=$((total_llvm + llvm_count))
    verdict=ok
    if [ "$gas_count" -gt "$llvm_count" ]; then
        if [ -n "${known_worse[$name]:-}" ]; then
            verdict=worse-known; worse_known=$((worse_known + 1))
        else
            verdict=WORSE; worse=$((worse + 1))
        fi
    elif [ -n "${known_worse[$name]:-}" ]; then
        # Listed as worse but no longer: the list must follow.
        no_longer_worse=$((no_longer_worse + 1))
    fi
    [ "$gas_count" -lt "$llvm_count" ] && verdict=better
    rows+=("$name $verdict $target $input_count $llvm_count $gas_count")
done < <(find "$dir" -name '*.ll' | LC_ALL=C sort)

case "$mode" in
--markdown)
    echo "| directory | files | flat accesses in the input | left by LLVM | left by gas | gas worse on | gas better on | gas fails on | opt rejects |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
    for group in $(printf '%s\n' "${rows[@]}" | awk '{ d = $1; if (d !~ /\//) d = "."; else sub(/\/.*/, "", d); print d }' | sort -u); do
        printf '%s\n' "${rows[@]}" | awk -v g="$group" '
            { d = $1; if (d !~ /\//) d = "."; else sub(/\/.*/, "", d) }
            d != g { next }
            { files++ }
            $2 == "skip" { skip++; next }
            $2 == "FAIL" { fail++; next }
            { input += $4; llvm += $5; gas += $6 }
            $2 == "WORSE" || $2 == "worse-known" { worse++ }
            $2 == "better" { better++ }
            END { printf "| %s | %d | %d | %d | %d | %d | %d | %d | %d |\n", g, files, input, llvm, gas, worse, better, fail, skip }'
    done
    echo "| **total** | $(( ${#rows[@]} )) | | **$total_llvm** | **$total_gas** | **$((worse + worse_known))** | | **$failures** | **$skipped** |"
    echo
    printf '%s\n' "${rows[@]}" | while read -r name verdict _ _ llvm gas _; do
        case "$verdict" in WORSE | worse-known | FAIL) ;; *) continue ;; esac
        [ -n "${listed:-}" ] || { echo "Files where gas leaves more (LLVM → gas):"; echo; listed=1; }
        echo "- \`$name\`: $llvm → $gas${known_worse[$name]:+: ${known_worse[$name]}}"
    done

    ;;
*)
    printf '%s\n' "${rows[@]}" | awk '{ printf "%-60s %-6s %-7s input %4s  llvm %4s  gas %4s %s\n", $1, $2, $3, $4, $5, $6, $7 }'
    echo "llvm-suite: files ${#rows[@]}, LLVM leaves $total_llvm, gas leaves $total_gas, gas worse on $worse (and on $worse_known listed in known-worse.txt), gas fails on $failures, opt rejects or no opt run: $skipped"
    ;;
esac
if [ "$mode" = --check ] && { [ "$worse" -gt 0 ] || [ "$failures" -gt 0 ] || [ "$no_longer_worse" -gt 0 ]; }; then
    exit 1
fi
exit 0
