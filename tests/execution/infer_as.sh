#!/usr/bin/env bash
# A CORRECT, non-trivial generic-address-space resolution, usable as a
# --process command: LLVM's own InferAddressSpaces, which only acts on targets
# with a flat address space. The SPIR IR is renumbered to NVPTX spaces, the
# pass is run, and the result renumbered back to SPIR:
#     SPIR  private 0, global 1, constant 2, local 3, generic 4
#     NVPTX generic 0, global 1, local 3, constant 4, private 5 (-A5)
#
#   run.sh --process tests/execution/infer_as.sh
#
# It proves that the harness (in particular the address-space checks of
# spacecheck.awk) does not reject correctly resolved accesses, and it is the
# baseline a gas pipeline can be compared with. Text renumbering: `ptr`
# tokens without an addrspace are the SPIR private space; intrinsic names
# mangled with the old numbers (llvm.memcpy.p0.p4...) are re-mangled by the
# LLVM IR parser itself. Functions are in space 0 on both targets, so a
# function address cast to generic (`addrspacecast (ptr @f to ptr
# addrspace(4))`, what clang emits for block invoke functions and kernels) is
# plain `@f` on NVPTX and gets its cast back afterwards.
set -eu -o pipefail
export PATH="/usr/lib/llvm-22/bin:$PATH"
in=${!#}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Function addresses: `addrspacecast (ptr @f to ptr addrspace(4))` of a
# defined or declared function becomes the marker @@FN@@f (untouched by the
# renumbering, then `@f`, NVPTX's generic function pointer); on the way back
# a function value `ptr addrspace(4) @f` (not a call: no `(` after it) gets
# the cast again.
FUNCS_AWK='
NR == FNR { if (/^(define|declare) / && match($0, /@[-a-zA-Z$._0-9]+\(/)) fn[substr($0, RSTART + 1, RLENGTH - 2)] = 1; next }
mode == "pre" {
    out = ""; s = $0
    while (match(s, /addrspacecast \(ptr @[-a-zA-Z$._0-9]+ to ptr addrspace\(4\)\)/)) {
        t = substr(s, RSTART, RLENGTH); name = substr(t, 21, RLENGTH - 41)
        out = out substr(s, 1, RSTART - 1) ((name in fn) ? "@@FN@@" name : t)
        s = substr(s, RSTART + RLENGTH)
    }
    print out s; next
}
mode == "post" {
    out = ""; s = $0
    while (match(s, /ptr addrspace\(4\) @[-a-zA-Z$._0-9]+/)) {
        t = substr(s, RSTART, RLENGTH); name = substr(t, 19)
        rest = substr(s, RSTART + RLENGTH)
        if ((name in fn) && substr(rest, 1, 1) != "(")
            t = "ptr addrspace(4) addrspacecast (ptr @" name " to ptr addrspace(4))"
        out = out substr(s, 1, RSTART - 1) t
        s = rest
    }
    print out s; next
}'
awk -v mode=pre "$FUNCS_AWK" "$in" "$in" >"$tmp/in.ll"

# SPIR -> NVPTX. Markers: @@G@@ generic, @@C@@ constant, @@P@@ private.
# A bare `ptr` type token is one not preceded by an identifier character (so
# `%add.ptr` is left alone).
sed -e '/^target datalayout/d' -e '/^target triple/d' \
    -e 's/addrspace(4)/addrspace(@@G@@)/g' -e 's/addrspace(2)/addrspace(@@C@@)/g' \
    -e 's/ptr addrspace(/PTR_AS(/g' \
    -e 's/\([^%@.A-Za-z0-9_$"-]\)ptr\([^A-Za-z0-9_.]\)/\1ptr addrspace(@@P@@)\2/g' \
    -e 's/\([^%@.A-Za-z0-9_$"-]\)ptr$/\1ptr addrspace(@@P@@)/' \
    -e 's/PTR_AS(/ptr addrspace(/g' \
    -e 's/addrspace(@@G@@)/addrspace(0)/g; s/addrspace(@@C@@)/addrspace(4)/g; s/addrspace(@@P@@)/addrspace(5)/g' \
    -e '/= alloca /s/\(, align [0-9]*\)/\1, addrspace(5)/' \
    -e 's/\bspir_kernel //g; s/\bspir_func //g' -e 's/@@FN@@/@/g' \
    "$tmp/in.ll" >"$tmp/body.ll"
{
    echo 'target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64-A5"'
    echo 'target triple = "nvptx64-nvidia-cuda"'
    cat "$tmp/body.ll"
} >"$tmp/nvptx.ll"
opt -S -passes=infer-address-spaces "$tmp/nvptx.ll" -o "$tmp/inferred.ll"

# NVPTX -> SPIR. Allocas carry an explicit `, addrspace(5)` after the pass.
sed -e '/^target datalayout/d' -e '/^target triple/d' \
    -e 's/, addrspace(5)//g' \
    -e 's/addrspace(0)/addrspace(@@G@@)/g' -e 's/addrspace(4)/addrspace(@@C@@)/g' -e 's/addrspace(5)/addrspace(@@P@@)/g' \
    -e 's/ptr addrspace(/PTR_AS(/g' \
    -e 's/\([^%@.A-Za-z0-9_$"-]\)ptr\([^A-Za-z0-9_.]\)/\1ptr addrspace(4)\2/g' \
    -e 's/\([^%@.A-Za-z0-9_$"-]\)ptr$/\1ptr addrspace(4)/' \
    -e 's/PTR_AS(/ptr addrspace(/g' \
    -e 's/ptr addrspace(@@P@@)/ptr/g' \
    -e 's/addrspace(@@G@@)/addrspace(4)/g; s/addrspace(@@C@@)/addrspace(2)/g; s/addrspace(@@P@@)/addrspace(0)/g' \
    "$tmp/inferred.ll" | awk -v mode=post "$FUNCS_AWK" "$in" - >"$tmp/back.ll"
{
    echo 'target triple = "spir64"'
    cat "$tmp/back.ll"
} >"$tmp/spir.ll"
# must still be valid IR
opt -S -passes=verify "$tmp/spir.ll" -o - 2> >(grep -v "failed to create target machine" >&2)
