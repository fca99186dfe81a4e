// This kernel keeps explicit casts and shares a helper with a kernel that
// has none. explicit-cast-tags gives this kernel its own copy of the helper
// (pick.gas.tags), where private pointers keep their tag, so to_private and
// to_global still tell the helper's private result from its global one; the
// other kernel (compiled into the same module, not run) keeps the original,
// which tags nothing. The accesses through the result must reach x or out.

__attribute__((noinline)) int *pick(private int *p, global int *g, int c) {
  return c ? (int *)p : (int *)g;
}

kernel void copied_tagged_helper(global const int *in, global int *out) {
  size_t gid = get_global_id(0);
  int x = in[gid];
  int *p = pick(&x, out + gid, (int)(gid & 1));
  int kind = (to_private(p) != 0) + 2 * (to_global(p) != 0);
  *p += 3;
  out[32 + gid] = kind * 1000 + x;
}

kernel void shares_pick(global const int *in, global int *out) {
  size_t gid = get_global_id(0);
  int y = in[gid];
  int *p = pick(&y, out + gid, (int)(gid & 1));
  *p += 5;
  out[gid] = *p + y;
}
