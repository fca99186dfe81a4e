# Tag operations in LLVM IR that gas-opt wrote for SPIR (DESIGN.md's tags in
# bits 61..63), function by function. Prints one line per defined function:
#   <function> <sets> <clears> <tests> <decisions>
# - set: `or` of a private or local tag (001 or 010 in bits 61..63) into an
#   address (named → generic);
# - clear: `ashr 4` of `shl 4`, restoring the canonical upper bits
#   (generic → named);
# - test: `lshr 61`, reading the tag;
# - decision: 1 if the function still chooses a space at run time, or hands
#   a generic pointer to code that does: a test, a `switch` on a tag, or a
#   generic pointer passed to a call, stored to memory or returned (the
#   callee, the builtin library or whoever loads it reads the tag).
# The tag constants are immediates in LLVM IR (2^61 and 2^62).
/^define / {
    name = $0
    sub(/^[^@]*@/, "", name)
    sub(/\(.*/, "", name)
    gsub(/"/, "", name)
    order[++functions] = name
    sets[name] = 0; clears[name] = 0; tests[name] = 0; switches[name] = 0
    inside = 1
    next
}
!inside { next }
/^}/ { inside = 0; next }
/= or i64 .*, (2305843009213693952|4611686018427387904)$/ { sets[name]++ }
/= ashr i64 .*, 4$/ { clears[name]++ }
/= lshr i64 .*, 61$/ { tests[name]++ }
/^ *switch i64 / { switches[name]++ }
/call .*@[^(]*\(.*ptr addrspace\(4\)/ { escapes[name] = 1 }
/^ *store ptr addrspace\(4\) / { escapes[name] = 1 }
/^ *ret ptr addrspace\(4\) / { escapes[name] = 1 }
END {
    for (i = 1; i <= functions; i++) {
        f = order[i]
        decision = (tests[f] > 0 || switches[f] > 0 || escapes[f]) ? 1 : 0
        print f, sets[f], clears[f], tests[f], decision
    }
}
