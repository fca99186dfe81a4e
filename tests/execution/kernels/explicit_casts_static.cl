// Explicit casts in a kernel whose generic pointers point to private or
// global memory only (seed 000, last section): with private memory in the
// global buffer, private pointers must keep their tag for to_private and
// to_global to tell them apart, and accesses resolved to global must clear
// the tag first. to_local of any of them is null.

__attribute__((noinline)) int kind(int *p) {
  return (to_global(p) ? 1 : 0) | (to_local(p) ? 2 : 0) | (to_private(p) ? 4 : 0);
}

__attribute__((noinline)) int read_twice(int *p) { return p[0] + p[1]; }

kernel void explicit_casts_static(global int *in, global int *out) {
  size_t gid = get_global_id(0);
  int priv[2] = {(int)gid, 3 * (int)gid};
  int *o = out + 8 * gid;
  // This work-item's own global words: o[6], o[7].
  o[6] = in[gid];
  o[7] = in[(gid + 1) % 32];
  int *g = o + 6;
  int *either = (in[gid] & 1) ? priv : g;
  o[0] = kind(priv) | (kind(g) << 4) | (kind(either) << 8);
  o[1] = read_twice(either);
  o[2] = read_twice(priv) + read_twice(g);
  private int *tp = to_private(either);
  if (tp)
    *tp += 100;
  global int *tg = to_global(either);
  o[3] = tg ? *tg : -1;
  o[4] = to_local(either) == 0;
  *either += 1;
  o[5] = priv[0] + priv[1] + *either;
}
