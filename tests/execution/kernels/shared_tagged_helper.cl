// A helper shared with another kernel that keeps explicit casts: there
// private pointers keep their tag (explicit-cast-tags). Had this kernel run
// the same helper, it would get its private pointer back tagged and, with no
// cast of its own but private memory in the global buffer, access it as a
// global pointer (the bug of 45b7177); explicit-cast-tags gives the other
// kernel its own copy of the helper (pick.gas.tags), so here nothing is
// tagged and no tag is cleared. The other kernel is compiled into the same
// module but not run (copied_tagged_helper runs that side).

__attribute__((noinline)) int *pick(private int *p, global int *g, int c) {
  return c ? (int *)p : (int *)g;
}

kernel void keeps_casts(global const int *in, global int *out) {
  int x = in[0];
  int *p = pick(&x, out, in[1] & 1);
  out[0] = (to_private(p) != 0) + 2 * (to_global(p) != 0);
}

kernel void shared_tagged_helper(global const int *in, global int *out) {
  size_t gid = get_global_id(0);
  int y = in[gid] * 3;
  out[gid] = in[gid] + 1;
  int *p = pick(&y, out + gid, (int)(gid & 1));
  *p += 5;
  out[32 + gid] = *p + y;
}
