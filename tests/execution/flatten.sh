#!/usr/bin/env bash
# flatten.sh IN.ll > OUT.ll
#
# Turns SPIR LLVM IR (a corpus kernel's build/<k>/spir.<form>.ll) into "flat"
# IR, as a compiler without address spaces emits it (seed 003: CLamp, C++ AMP
# -> OpenCL): every pointer is `ptr` (address space 0), and only a section
# says what was local.
#   * `addrspace(N)` is removed everywhere: pointer types (`ptr addrspace(4)`
#     -> `ptr`, also inside constant expressions and signatures) and
#     module-level variables (`internal addrspace(3) global` -> `internal
#     global`);
#   * `addrspacecast`s, now between identical types, go: a constant
#     expression `addrspacecast (ptr X to ptr)` becomes X, an instruction
#     `%v = addrspacecast ptr X to ptr` is deleted and every use of %v in its
#     function becomes X (chains resolved; numbered values may then have gaps,
#     which LLVM's parser accepts);
#   * module-level variable definitions that were `addrspace(3)` (kernel-scope
#     `local` variables, C++ AMP's `tile_static`) get
#     `section "clamp_opencl_local"` (a section they had is replaced);
#   * the datalayout loses its address-space components (`-G1`, SPIR's
#     "globals default to addrspace(1)", would silently put every flat global
#     back into space 1; `-P`/`-A` likewise);
#   * intrinsics mangled by pointer space (`llvm.memcpy.p3.p4.i64`) are
#     renamed to the p0 mangling (`llvm.memcpy.p0.p0.i64`), duplicate
#     declarations dropped;
#   * `!kernel_arg_addr_space` attachments are removed from the kernels (a
#     flat compiler records no spaces; the metadata nodes stay, unused).
# Kept: `spir_kernel`/`spir_func`, the spir64 triple, every mangled name
# (`_Z5fractfPU3AS4f` still names the generic overload, so the harness's
# builtin library and driver link unchanged), all other metadata.
# The result is checked with `opt -passes=verify`; exit 1 if it fails.
set -u -o pipefail
export PATH="/usr/lib/llvm-22/bin:$PATH"
[ $# -eq 1 ] && [ -f "$1" ] || { echo "usage: flatten.sh IN.ll > OUT.ll" >&2; exit 2; }

tmp="$(mktemp "${TMPDIR:-/tmp}/flatten.XXXXXX")" || exit 1
trap 'rm -f "$tmp"' EXIT

awk '
# addrspacecast constant expressions: "addrspacecast (TY X to TY)" -> X
# (TY is "ptr" once the spaces are gone), innermost text kept as is.
function strip_cexpr(s,    i, j, d, c, inner, k, top, res) {
    while ((i = index(s, "addrspacecast (")) > 0) {
        d = 1
        for (j = i + 15; j <= length(s) && d > 0; j++) {
            c = substr(s, j, 1)
            if (c == "(") d++
            else if (c == ")") d--
        }
        # s[i+15 .. j-2] is "TY X to TY"; split at the last " to " at depth 0
        inner = substr(s, i + 15, j - 1 - (i + 15))
        d = 0; top = 0
        for (k = 1; k <= length(inner); k++) {
            c = substr(inner, k, 1)
            if (c == "(" || c == "[" || c == "{" || c == "<") d++
            else if (c == ")" || c == "]" || c == "}" || c == ">") d--
            else if (d == 0 && substr(inner, k, 4) == " to ") top = k
        }
        if (top == 0) { print "flatten.sh: cannot parse " substr(s, i) > "/dev/stderr"; err = 1; return s }
        res = substr(inner, 1, top - 1)
        sub(/^ptr /, "", res)
        s = substr(s, 1, i - 1) res substr(s, j)
    }
    return s
}
function flat(s) {
    gsub(/ addrspace\([0-9]+\)/, "", s)
    return strip_cexpr(s)
}
# replace uses of removed cast results (%names of function fn) in s
function subst(s, fn,    out, t, name, v, n) {
    out = ""
    while (match(s, /%("[^"]*"|[-a-zA-Z$._0-9]+)/)) {
        name = substr(s, RSTART, RLENGTH)
        out = out substr(s, 1, RSTART - 1)
        s = substr(s, RSTART + RLENGTH)
        v = name; n = 0
        while ((fn SUBSEP v) in castval && n++ < 1000) v = castval[fn, v]
        out = out v
    }
    return out s
}
FNR == 1 { pass++; fn = 0; infn = 0 }
/^define / { fn++; infn = 1 }
/^}/ { infn = 0 }
pass == 1 {
    if ($0 ~ /^  %("[^"]*"|[-a-zA-Z$._0-9]+) = addrspacecast /) {
        line = flat($0)
        name = line; sub(/^  /, "", name); sub(/ = .*/, "", name)
        val = line; sub(/^  %("[^"]*"|[-a-zA-Z$._0-9]+) = addrspacecast ptr /, "", val)
        sub(/ to ptr(, !.*)?$/, "", val)
        castval[fn, name] = val
    }
    next
}
/^target datalayout = / { gsub(/-[GPA][0-9]+/, ""); print; next }
/^  %("[^"]*"|[-a-zA-Z$._0-9]+) = addrspacecast / { next }
{
    line = $0
    loc = 0
    if (match(line, /^@("[^"]*"|[^ ]+) = ([a-z_]+ )*addrspace\(3\) (externally_initialized )?(global|constant) /)) {
        hdr = substr(line, RSTART, RLENGTH)
        loc = hdr !~ / (external|extern_weak) /
    }
    line = flat(line)
    if (infn) line = subst(line, fn)
    if (loc) {
        gsub(/, section "[^"]*"/, "", line)
        if (match(line, / #[0-9]+$/))
            line = substr(line, 1, RSTART - 1) ", section \"clamp_opencl_local\"" substr(line, RSTART)
        else
            line = line ", section \"clamp_opencl_local\""
    }
    if (line ~ /^define /) gsub(/ !kernel_arg_addr_space ![0-9]+/, "", line)
    # intrinsics mangled by pointer space -> p0
    out = ""
    while (match(line, /@llvm\.[A-Za-z0-9_.]+/)) {
        nm = substr(line, RSTART, RLENGTH)
        out = out substr(line, 1, RSTART - 1)
        line = substr(line, RSTART + RLENGTH)
        gsub(/\.p[0-9]+/, ".p0", nm)
        out = out nm
    }
    line = out line
    if (line ~ /^declare /) {
        if (match(line, /@("[^"]*"|[-a-zA-Z$._0-9]+)\(/)) {
            d = substr(line, RSTART, RLENGTH)
            if (d in declared) next
            declared[d] = 1
        }
    }
    print line
}
END { exit err }' "$1" "$1" >"$tmp" || { echo "flatten.sh: awk failed on $1" >&2; exit 1; }

if grep -qE 'addrspace(\(|cast)' "$tmp"; then
    echo "flatten.sh: address spaces left in the output of $1:" >&2
    grep -nE 'addrspace(\(|cast)' "$tmp" | head -n 5 >&2
    exit 1
fi
if ! opt -disable-output -passes=verify "$tmp" 2>"$tmp.err"; then
    echo "flatten.sh: the flat IR of $1 does not verify:" >&2
    head -n 20 "$tmp.err" >&2; rm -f "$tmp.err"; exit 1
fi
rm -f "$tmp.err"
cat "$tmp"
