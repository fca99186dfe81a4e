# Count the memory accesses through flat (generic) pointers in LLVM IR text,
# for comparing gas with LLVM's InferAddressSpaces on the same input:
# load, store, atomicrmw and cmpxchg whose pointer operand is in the flat
# space, and each call of an LLVM intrinsic that reaches memory (memcpy,
# masked load/store/gather/scatter, prefetch, target intrinsics) with a flat
# pointer or vector-of-pointers argument. Prints one number.
#
#   awk -v flat=0 -f flat_accesses.awk module.ll     # NVPTX, AMDGPU
#   awk -v flat=4 -f flat_accesses.awk module.ll     # SPIR, SPIR-V
#
# Intrinsics that only inspect or annotate a pointer (ptrmask, assume,
# lifetime, objectsize, is.constant, the space tests, debug records, ...) are
# not accesses; calls of ordinary functions are not counted.
function norm(s,    t) {
    while (match(s, /addrspace\([0-9]+\)/)) {
        t = substr(s, RSTART + 10, RLENGTH - 11)
        s = substr(s, 1, RSTART - 1) "as" t substr(s, RSTART + RLENGTH)
    }
    return s
}
function collapse(s) {
    while (gsub(/\([^(){}<>\[\]]*\)|\{[^(){}<>\[\]]*\}|\[[^(){}<>\[\]]*\]|<[^(){}<>\[\]]*>/, "#", s))
        ;
    return s
}
# is_flat(s): s starts at a pointer type `ptr[ asN]`
function is_flat(s,    n) {
    if (s !~ /^ptr as[0-9]+/) return flat == 0
    n = substr(s, 7)
    sub(/[^0-9].*/, "", n)
    return n + 0 == flat
}
function not_an_access(name) {
    return name ~ /^llvm\.(ptrmask|assume|dbg\.|lifetime\.|objectsize|is\.constant|fake\.use|invariant\.|launder\.invariant|strip\.invariant|ptr\.annotation|var\.annotation|amdgcn\.is\.|nvvm\.isspacep\.|experimental\.noalias|threadlocal\.address|stacksave|stackrestore)/
}
BEGIN { if (flat == "") flat = 0 }
/^define / { body = 1; next }
/^}/ { body = 0; next }
!body { next }
/^[ \t]*(%[-a-zA-Z$._0-9"]+ = )?(load|store|atomicrmw|cmpxchg) / {
    s = collapse(norm($0))
    sub(/^[ \t]*(%[-a-zA-Z$._0-9"]+ = )?/, "", s)
    if (s ~ /^(load|store) /) {
        if (match(s, /, ptr( as[0-9]+)? [^ ,]/)) {
            if (is_flat(substr(s, RSTART + 2))) n++
        } else {
            bad++
        }
    } else if (match(s, /^atomicrmw( volatile)? [a-z_]+ ptr/)) {
        if (is_flat(substr(s, RLENGTH - 2))) n++
    } else if (match(s, /^cmpxchg( weak)?( volatile)? ptr/)) {
        if (is_flat(substr(s, RLENGTH - 2))) n++
    } else {
        bad++
    }
    next
}
/ call .*@llvm\./ {
    s = norm($0)
    if (!match(s, /@llvm\.[-a-zA-Z0-9_.]+\(/)) next
    name = substr(s, RSTART + 1, RLENGTH - 2)
    if (not_an_access(name)) next
    args = substr(s, RSTART + RLENGTH)
    # Each argument starts after `(` or `, `; a pointer or vector of pointers.
    args = ", " args
    flat_arg = 0
    while (match(args, /, (<[0-9]+ x )?ptr( as[0-9]+)?[> ]/)) {
        t = substr(args, RSTART + 2, RLENGTH - 2)
        sub(/^<[0-9]+ x /, "", t)
        if (is_flat(t)) flat_arg = 1
        args = substr(args, RSTART + RLENGTH)
    }
    if (flat_arg) n++
}
END {
    if (bad) printf "flat_accesses.awk: %d access(es) not understood in %s\n", bad, FILENAME > "/dev/stderr"
    print n + 0
}
