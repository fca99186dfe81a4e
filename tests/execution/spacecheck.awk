# Address-space sanitizer for the x86 build of a kernel (LLVM IR text in,
# LLVM IR text out).
#
# On x86 every address space is the same flat memory, so a transformation that
# resolves a generic access to the WRONG named space (say, a load through
# `ptr addrspace(3)` of a pointer that really points into a global buffer)
# would still compute the right values there. To catch that, this script puts
# a call in front of every memory access whose pointer operand is in a named
# space the driver can tell apart:
#     private (0) -> call void @__gas_chk_as0(ptr P)
#     global  (1) -> call void @__gas_chk_as1(ptr addrspace(1) P)
#     local   (3) -> call void @__gas_chk_as3(ptr addrspace(3) P)
# The driver (driver.c) aborts the run with a message when P does not lie in
# memory of that space (same classification as its to_global/to_local/
# to_private). Generic (4) and constant (2) accesses are not checked.
#
# Instrumented: load, store, atomicrmw, cmpxchg, and the pointer arguments of
# llvm.memcpy/memmove/memset. Only pointer operands that are SSA values (%x)
# or globals (@g) are checked. For a constant getelementptr operand of a
# load/store, e.g. `ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds,
# i64 4)`, the base global is checked (same space); other constant-expression
# operands are left alone.
#
# Functions carrying the LLVM attribute "gas-private-in-global" (set by gas's
# private-branch-elision: their private memory lives in the global buffer) may
# reach their own private memory through global pointers: their global
# accesses are checked with @__gas_chk_as1p (global or the work-item's own
# private memory). The attribute sits in an attribute group at the end of the
# file, so the input is read twice: `awk -f spacecheck.awk F F`.
#
# Works with mawk (no gawk extensions).

function opname_at(s, start,    rest) {
    rest = substr(s, start)
    if (match(rest, /^%"[^"]*"/) || match(rest, /^[%@][-a-zA-Z$._0-9]+/))
        return substr(rest, RSTART, RLENGTH)
    return ""
}

# Checks one "ptr[ addrspace(N)][ attrs] OPERAND" occurrence; text is the
# matched piece (up to and including the sigil of the operand), pos where the
# operand starts inside line.
function emit_check(text, pos,    sp, op) {
    sp = 0
    if (match(text, /addrspace\([0-9]+\)/))
        sp = substr(text, RSTART + 10, RLENGTH - 11) + 0
    if (sp != 0 && sp != 1 && sp != 3) return
    op = opname_at(cur, pos)
    if (op == "") return
    if (sp == 0) pending = pending "  call void @__gas_chk_as0(ptr " op ")\n"
    else if (sp == 1 && in_pig) pending = pending "  call void @__gas_chk_as1p(ptr addrspace(1) " op ")\n"
    else pending = pending "  call void @__gas_chk_as" sp "(ptr addrspace(" sp ") " op ")\n"
    nchecks++
}

# first (which == "first") or last (which == "last") pointer operand
function check_one(line, re, which,    s, off, bpos, btext, done) {
    s = line; off = 0; bpos = 0; done = 0
    while (!done && match(s, re)) {
        bpos = off + RSTART; btext = substr(s, RSTART, RLENGTH)
        off += RSTART + RLENGTH - 1
        s = substr(s, RSTART + RLENGTH)
        if (which == "first") done = 1
    }
    if (bpos) emit_check(btext, bpos + length(btext) - 1)
}

function check_all(line, re, maxn,    s, off, n, t, rs, rl) {
    s = line; off = 0; n = 0
    while (n < maxn && match(s, re)) {
        rs = RSTART; rl = RLENGTH   # emit_check's own match() clobbers them
        t = substr(s, rs, rl)
        emit_check(t, off + rs + rl - 1)
        off += rs + rl - 1
        s = substr(s, rs + rl)
        n++
    }
}

BEGIN {
    # ", ptr[ addrspace(N)] %" : the pointer operand of load/store
    RE_LS = ", ptr( addrspace\\([0-9]+\\))? [%@]"
    # " ptr[ addrspace(N)] %" : first one is the pointer of atomicrmw/cmpxchg
    RE_AT = " ptr( addrspace\\([0-9]+\\))? [%@]"
    # pointer arguments of a call, with parameter attributes
    RE_ARG = "ptr( addrspace\\([0-9]+\\))?( [a-z_]+(\\([0-9]+\\))?( [0-9]+)?)* [%@]"
    nchecks = 0
}

# First reading: the attribute groups that say private-in-global.
NR == FNR {
    if ($0 ~ /^attributes #[0-9]+ = .*"gas-private-in-global"/) {
        group = $2; sub(/^#/, "", group); pig[group] = 1
    }
    next
}

/^define / {
    in_pig = 0
    line = $0
    while (match(line, /#[0-9]+/)) {
        if (substr(line, RSTART + 1, RLENGTH - 1) in pig) in_pig = 1
        line = substr(line, RSTART + RLENGTH)
    }
}

{
    cur = $0; pending = ""
    if (cur ~ /^[ \t]+(%[-a-zA-Z$._0-9"]+ = )?load /) check_one(cur, RE_LS, "last")
    else if (cur ~ /^[ \t]+store /) check_one(cur, RE_LS, "last")
    else if (cur ~ /^[ \t]+(%[-a-zA-Z$._0-9"]+ = )?(atomicrmw|cmpxchg) /) check_one(cur, RE_AT, "first")
    else if (cur ~ /^[ \t]+(tail |musttail |notail )?call void @llvm\.(memcpy|memmove)(\.inline)?\./) check_all(cur, RE_ARG, 2)
    else if (cur ~ /^[ \t]+(tail |musttail |notail )?call void @llvm\.memset(\.inline)?\./) check_all(cur, RE_ARG, 1)
    printf "%s%s\n", pending, cur
}

END {
    print "declare void @__gas_chk_as0(ptr)"
    print "declare void @__gas_chk_as1(ptr addrspace(1))"
    print "declare void @__gas_chk_as1p(ptr addrspace(1))"
    print "declare void @__gas_chk_as3(ptr addrspace(3))"
}
