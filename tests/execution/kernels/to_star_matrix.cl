// Every explicit cast (to_global, to_local, to_private) applied to pointers
// of every space (global, local, private), directly in the kernel and inside
// a generic helper, and the returned named pointers used for accesses.

int classify(int *p) {
  return (to_global(p) ? 1 : 0) | (to_local(p) ? 2 : 0) | (to_private(p) ? 4 : 0);
}

kernel void to_star_matrix(global int *in, global int *out, local int *lbuf) {
  size_t lid = get_local_id(0), gid = get_global_id(0);
  int priv[2] = {(int)gid, (int)gid * 2};
  lbuf[lid] = in[gid] * 7;
  barrier(CLK_LOCAL_MEM_FENCE);
  int *g = in + gid, *l = lbuf + lid, *p = priv + 1;
  int *o = out + 16 * gid;
  o[0] = to_global(g) != 0;
  o[1] = to_local(g) != 0;
  o[2] = to_private(g) != 0;
  o[3] = to_global(l) != 0;
  o[4] = to_local(l) != 0;
  o[5] = to_private(l) != 0;
  o[6] = to_global(p) != 0;
  o[7] = to_local(p) != 0;
  o[8] = to_private(p) != 0;
  o[9] = classify(g) | (classify(l) << 4) | (classify(p) << 8);
  int *r = (in[gid] & 1) ? g : ((in[gid] & 2) ? l : p);
  o[10] = classify(r);
  // use the named results
  global int *tg = to_global((int *)(o + 11));
  if (tg)
    *tg = *g + 1;
  local int *tl = to_local(l);
  if (tl)
    *tl += 5;
  private int *tp = to_private(p);
  if (tp)
    *tp += 40;
  o[12] = lbuf[lid];
  o[13] = priv[0] + priv[1];
  local int *bad = to_local(g);           // null: wrong space
  o[14] = bad ? *bad : -1;
  // g + 3 wraps inside `in` (16 elements): a pointer past the buffer is not
  // in any space the driver can name, so the reference run would call it local.
  o[15] = classify(in + (gid + 3) % 16) | (classify(l - (int)lid) << 4) | (classify(priv) << 8);
}
