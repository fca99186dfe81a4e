#!/usr/bin/awk -f
# reachable.awk: report functions of an LLVM IR module (text) that contain a
# `switch` instruction but are not reachable from any kernel.
#
#   awk -v prog=NAME [-v type=i64] -f reachable.awk module.ll
#
# Roots: every `spir_kernel` definition, and every function whose address is
# used other than as the callee of a direct call/invoke (a block literal, an
# argument to __enqueue_kernel_*, a store, llvm.used, ...).  Edges: direct
# calls.  `type` restricts the check to switches on that integer type (e.g.
# i64); by default any switch counts.  Output: `DEAD-SWITCH prog function`.

function name_at(s, start,    rest, m) {
  # s starts at an '@'; return the symbol (without '@', quotes stripped)
  rest = substr(s, start + 1)
  if (substr(rest, 1, 1) == "\"") {
    m = index(substr(rest, 2), "\"")
    return substr(rest, 2, m - 1)
  }
  if (match(rest, /^[-a-zA-Z$._0-9]+/)) return substr(rest, 1, RLENGTH)
  return ""
}

# Record every @symbol reference in `s`; `callee` (if non-empty) is the one
# used as a direct callee and is not an address use.
function scan_refs(s, from, callee,    i, c, n, skip) {
  skip = (callee != "")
  i = 1
  while ((c = index(substr(s, i), "@")) > 0) {
    i += c - 1
    n = name_at(s, i)
    if (n != "") {
      if (skip && n == callee) skip = 0        # first occurrence is the callee
      else addr[n] = 1
    }
    i += 1 + length(n)
  }
}

BEGIN { cur = ""; nk = 0 }

/^define / {
  p = index($0, "@")
  cur = name_at($0, p)
  defined[cur] = 1
  if ($0 ~ /spir_kernel/) kernel[cur] = 1
  # parameters/attributes may not name other functions; nothing to scan
  next
}

/^declare / { next }

cur != "" && /^}/ { cur = ""; next }

cur != "" {
  line = $0
  sub(/;.*$/, "", line)                         # drop comments
  if (line ~ /^[ \t]*switch /) {
    if (type == "" || line ~ ("^[ \t]*switch " type " ")) sw[cur] = 1
  }
  callee = ""
  if (line ~ /(^|[ \t=])(tail |musttail |notail )?(call|invoke) /) {
    # callee: first `@sym(` after the call keyword
    q = line
    sub(/^.*(call|invoke) /, "", q)
    if (match(q, /@("[^"]*"|[-a-zA-Z$._0-9]+)\(/)) {
      callee = name_at(q, RSTART)
      edges[cur] = edges[cur] " " callee
    }
  }
  scan_refs(line, cur, callee)
  next
}

# outside functions: global initializers, aliases, metadata
/^[@!]/ || /^[ \t]/ {
  line = $0
  if (line ~ /^@/) {
    # skip the defined symbol itself
    p = index(line, "=")
    if (p > 0) line = substr(line, p + 1)
  }
  if (line ~ /^!/) {
    # metadata: function references there (e.g. kernel lists) are roots too
  }
  scan_refs(line, "", "")
}

END {
  nq = 0
  for (f in kernel) { queue[++nq] = f; seen[f] = 1 }
  for (f in addr) if ((f in defined) && !(f in seen)) { queue[++nq] = f; seen[f] = 1 }
  for (qi = 1; qi <= nq; qi++) {
    f = queue[qi]
    m = split(edges[f], cs, " ")
    for (j = 1; j <= m; j++) if (cs[j] != "" && !(cs[j] in seen)) { seen[cs[j]] = 1; queue[++nq] = cs[j] }
  }
  for (f in sw) if (!(f in seen)) print "DEAD-SWITCH " prog " " f
}
