// Null generic pointers: literal null, null from each named space cast to
// generic, helpers that accept/return null, to_global/to_local/to_private on
// null and on conditionally-null pointers, comparisons with null.

int deref_or(int *p, int d) { return p ? *p : d; }

int *maybe(int *p, int c) { return c ? p : 0; }

int null_flags(int *p) {
  return (p == 0) | ((to_global(p) == 0) << 1) | ((to_local(p) == 0) << 2) |
         ((to_private(p) == 0) << 3);
}

// Casts of named pointers that are null only at run time: a tag must not
// turn them into non-null generic pointers (noinline keeps the cast opaque).
__attribute__((noinline)) int *generic_of_local(local int *p) { return p; }
__attribute__((noinline)) int *generic_of_private(private int *p) { return p; }

kernel void null_generic(global int *in, global int *out, local int *lbuf) {
  size_t lid = get_local_id(0), gid = get_global_id(0);
  lbuf[lid] = in[gid] + 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  int priv = (int)gid * 3;
  int *n = 0;
  global int *gn = 0;
  local int *ln = 0;
  private int *pn = 0;
  int *o = out + 16 * gid;
  o[0] = to_global(n) == 0;
  o[1] = to_local(n) == 0;
  o[2] = to_private(n) == 0;
  o[3] = null_flags(gn) | (null_flags(ln) << 4) | (null_flags(pn) << 8);
  int *q1 = maybe(in + gid, (int)(gid & 1));
  int *q2 = maybe(lbuf + lid, (int)(gid & 2));
  int *q3 = maybe(&priv, (int)(gid & 4));
  o[4] = deref_or(q1, -1);
  o[5] = deref_or(q2, -2);
  o[6] = deref_or(q3, -3);
  o[7] = null_flags(q1);
  o[8] = null_flags(q2);
  o[9] = null_flags(q3);
  o[10] = (q1 != 0) + (q2 != 0) * 2 + (q3 != n) * 4;
  int *sel = (in[gid] & 1) ? q1 : q2;     // may be null
  if (sel)
    *sel += 0;                             // store through possibly-null-checked pointer
  o[11] = deref_or(sel, 99);
  local int *lm = (gid & 1) ? lbuf + lid : 0;
  private int *pm = (gid & 2) ? &priv : 0;
  int *glm = generic_of_local(lm), *gpm = generic_of_private(pm);
  o[12] = (glm == 0) | ((gpm == 0) << 1);
  o[13] = null_flags(glm) | (null_flags(gpm) << 4);
  o[14] = deref_or(glm, -4) + deref_or(gpm, -5);
  o[15] = (glm == n) + (gpm == n) * 2;
}
