# Tag operations in LLVM IR that gas-opt wrote for SPIR (DESIGN.md's tags in
# bits 61..63), function by function. Prints one line per defined function:
#   <function> <sets> <clears> <tests> <decisions>
# - set: `or` of a private or local tag (001 or 010 in bits 61..63) into an
#   address (named → generic);
# - clear: `ashr 4` of `shl 4`, restoring the canonical upper bits
#   (generic → named);
# - test: `lshr 61`, reading the tag;
# - decision: a `switch` on a tag, or a test: a run-time choice of space.
# The tag constants are immediates in LLVM IR (2^61 and 2^62).
/^define / {
    name = $0
    sub(/^[^@]*@/, "", name)
    sub(/\(.*/, "", name)
    gsub(/"/, "", name)
    sets = 0; clears = 0; tests = 0; switches = 0
    inside = 1
    next
}
inside && /= or i64 .*, (2305843009213693952|4611686018427387904)$/ { sets++ }
inside && /= ashr i64 .*, 4$/ { clears++ }
inside && /= lshr i64 .*, 61$/ { tests++ }
inside && /^ *switch i64 / { switches++ }
inside && /^}/ {
    inside = 0
    print name, sets, clears, tests, (tests > 0 || switches > 0) ? 1 : 0
}
