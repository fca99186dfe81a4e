#!/usr/bin/env bash
# Deliberately WRONG "transformations", to prove that run.sh can fail.
# Used as a --process command:   run.sh --process "tests/execution/mutate.sh MODE"
# (run.sh --selftest runs all of them). Input: SPIR .ll path (last argument);
# output: the mutated IR on stdout.
#
# MODE
#   addsub  the first `add [nsw|nuw] i32` instruction of the module becomes a `sub`
#   const   the value of the last plain `store i32 %v, ptr addrspace(1|4) ...` of
#           the kernel function is replaced by `%v xor 1` (a wrong output value)
#   local   every load/store through a generic pointer is "resolved" to the
#           local space (addrspacecast to addrspace(3), access through that) --
#           the typical wrong answer of a generic-address-space resolver. On
#           x86 all spaces are the same memory, so only the address-space
#           checks of spacecheck.awk can see this one.
#   builtin every call of a builtin taking a generic pointer (math, vload/
#           vstore, vload_half/vstore_half, C11 atomics; not get_fence) is
#           "resolved" to its global overload (PU3AS4 -> PU3AS1 in the callee
#           name, a declaration added; the pointers are passed as they are) --
#           a wrong builtin-calls rewrite. Only the builtin library's named
#           overload checks (driver_library.c __gas_bi_named) can see this one.
#   none    identity (like cat)
set -eu
mode=${1:-addsub}
in=${!#}
case "$mode" in
none) cat "$in" ;;
addsub)
    awk '!done && /^[ \t]+%[-a-zA-Z$._0-9"]+ = add (nsw |nuw )*i32 / {
             sub(/ = add /, " = sub "); done = 1 }
         { print }' "$in" ;;
const)
    # two passes: find the last matching store inside the spir_kernel
    # function (not in clang's unused __clang_ocl_kern_imp_* copy), rewrite it
    awk 'FNR == NR {
             if (/^define .*spir_kernel /) ink = 1
             else if (/^}/) ink = 0
             else if (ink && /^[ \t]+store i32 %[-a-zA-Z$._0-9]+, ptr addrspace\((1|4)\) /) L = FNR
             next
         }
         FNR == L {
             match($0, /store i32 %[-a-zA-Z$._0-9]+,/)
             v = substr($0, RSTART + 10, RLENGTH - 11)
             print "  %__gas_mut = xor i32 " v ", 1"
             sub(/store i32 %[-a-zA-Z$._0-9]+,/, "store i32 %__gas_mut,")
         }
         { print }' "$in" "$in" ;;
local)
    awk 'BEGIN { n = 0; RE = ", ptr addrspace\\(4\\) %[-a-zA-Z$._0-9]+" }
         /^[ \t]+(%[-a-zA-Z$._0-9"]+ = )?load / || /^[ \t]+store / {
             s = $0; off = 0; pos = 0
             while (match(s, RE)) { pos = off + RSTART; len = RLENGTH; off += RSTART + RLENGTH - 1; s = substr(s, RSTART + RLENGTH) }
             if (pos) {
                 op = substr($0, pos + 19, len - 19)
                 n++
                 print "  %__gas_mut" n " = addrspacecast ptr addrspace(4) " op " to ptr addrspace(3)"
                 $0 = substr($0, 1, pos - 1) ", ptr addrspace(3) %__gas_mut" n substr($0, pos + len)
             }
         }
         { print }' "$in" ;;
builtin)
    awk 'BEGIN { RE = "@_Z[0-9]+(fract|modf|sincos|frexp|lgamma_r|remquo|vload|vstore|atomic_)[A-Za-z0-9_]*PU3AS4[A-Za-z0-9_]*\\(" }
         /^declare / && match($0, /@_Z[A-Za-z0-9_]+\(/) { decl[substr($0, RSTART + 1, RLENGTH - 2)] = $0 }
         /^[ \t]+(%[-a-zA-Z$._0-9"]+ = )?((tail|musttail|notail) )?call / && match($0, RE) {
             old = substr($0, RSTART + 1, RLENGTH - 2); new = old
             gsub(/PU3AS4/, "PU3AS1", new)
             $0 = substr($0, 1, RSTART) new substr($0, RSTART + RLENGTH - 1)
             need[new] = old
         }
         { print }
         END {
             for (n in need) {
                 d = decl[need[n]]
                 if (d == "" || (n in decl)) continue
                 sub("@" need[n] "\\(", "@" n "(", d)
                 print d
             }
         }' "$in" ;;
*) echo "mutate.sh: unknown mode $mode" >&2; exit 2 ;;
esac
