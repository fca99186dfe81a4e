# Count the memory accesses through flat (generic) pointers in LLVM IR text:
# load, store, atomicrmw and cmpxchg inside function bodies whose pointer
# operand is `ptr` or `ptr addrspace(0)`. Prints one number.
#
#   awk -f generic_accesses.awk module.ll
#
# Intrinsics (llvm.memcpy, ...) and calls are not counted. On NVPTX, where
# clang puts allocas in space 0, an access straight to an alloca counts too.
#
# Each instruction is normalized before matching: `addrspace(N)` becomes `asN`,
# then every bracketed group ((), {}, [], <>: constant expressions, literal
# struct, array and vector types and values) collapses to `#`, so that the
# only `, ptr` left in a load or store is its pointer operand.
function norm(s,    t) {
    while (match(s, /addrspace\([0-9]+\)/)) {
        t = substr(s, RSTART + 10, RLENGTH - 11)
        s = substr(s, 1, RSTART - 1) "as" t substr(s, RSTART + RLENGTH)
    }
    while (gsub(/\([^(){}<>\[\]]*\)|\{[^(){}<>\[\]]*\}|\[[^(){}<>\[\]]*\]|<[^(){}<>\[\]]*>/, "#", s))
        ;
    return s
}
# flat(s): s starts at the pointer type, `ptr ...`
function flat(s) {
    return s !~ /^ptr as[0-9]+ / || s ~ /^ptr as0 /
}
/^define / { body = 1; next }
/^}/ { body = 0; next }
!body { next }
/^[ \t]*(%[-a-zA-Z$._0-9]+ = )?(load|store|atomicrmw|cmpxchg) / {
    s = norm($0)
    sub(/^[ \t]*(%[-a-zA-Z$._0-9]+ = )?/, "", s)
    if (s ~ /^(load|store) /) {
        # the first `, ptr[ asN] <operand>` is the pointer operand
        if (match(s, /, ptr( as[0-9]+)? [^ ,]/)) {
            if (flat(substr(s, RSTART + 2))) n++
        } else {
            bad++
        }
    } else if (match(s, /^atomicrmw( volatile)? [a-z_]+ ptr/)) {
        if (flat(substr(s, RLENGTH - 2))) n++
    } else if (match(s, /^cmpxchg( weak)?( volatile)? ptr/)) {
        if (flat(substr(s, RLENGTH - 2))) n++
    } else {
        bad++
    }
}
END {
    if (bad) printf "generic_accesses.awk: %d access(es) not understood in %s\n", bad, FILENAME > "/dev/stderr"
    print n + 0
}
