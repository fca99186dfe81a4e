// Helper chains that return their generic argument (or a pointer derived
// from it) back up: r1 -> r2 -> r3 -> r4, the leaf writing through the pointer
// and returning it advanced; a chain returning one of two arguments of
// different spaces; the returned pointers are dereferenced, written through,
// compared and subtracted in the kernel. Called with global, local and
// private pointers.

__attribute__((noinline)) int *r4(int *p, int k) {
  *p += k;
  return p + 1;
}
int *r3(int *p, int k) { return r4(p, k * 2); }
__attribute__((noinline)) int *r2(int *p, int k) {
  int *q = r3(p, k);
  *q -= 1;
  return q;
}
int *r1(int *p, int k) { return r2(r2(p, k), k + 1); }

__attribute__((noinline)) int *larger4(int *a, int *b) { return *a >= *b ? a : b; }
int *larger3(int *a, int *b) { return larger4(a, b); }
__attribute__((noinline)) int *larger2(int *a, int *b) { return larger3(b, a); }
int *larger1(int *a, int *b) { return larger2(a, b); }

int space(int *p) { return to_global(p) ? 1 : to_local(p) ? 2 : to_private(p) ? 3 : 0; }

kernel void chain_return(global const int *in, global int *gbuf, global int *out, local int *lbuf) {
  size_t lid = get_local_id(0), gid = get_global_id(0);
  int priv[4] = {in[gid], in[(gid + 7) % 32], (int)gid, 3};
  for (int i = 0; i < 4; i++) lbuf[lid * 4 + i] = in[(gid * 5 + i) % 32] - 10 * i;
  int *g = gbuf + 4 * gid, *l = lbuf + lid * 4, *p = priv;
  int *o = out + 9 * gid;
  int *eg = r1(g, 3);                          // g + 2
  int *el = r1(l, (int)lid);                   // l + 2
  int *ep = r1(p, -4);                         // p + 2
  o[0] = (int)(eg - g) * 100 + (int)(el - l) * 10 + (int)(ep - p);
  *eg = *el + *ep;                             // gbuf[4 gid + 2]
  o[1] = space(eg) * 100 + space(el) * 10 + space(ep);
  int *m1 = larger1(g + 1, l + 1);             // global or local, by data
  int *m2 = larger1(el, p + 3);                // local or private
  *m1 += 1000;
  *m2 -= 1000;
  o[2] = space(m1) * 10 + space(m2);
  o[3] = *m1 + *m2;
  int *back = r2(larger1(p, g), 1);            // returned pointer passed down again
  o[4] = *back + space(back);
  o[5] = priv[0] + priv[1] * 3 + priv[2] * 5 + priv[3] * 7;
  o[6] = l[0] + l[1] * 3 + l[2] * 5 + l[3] * 7;
  o[7] = g[0] + g[1] * 3 + g[2] * 5 + g[3] * 7;
  // both operands generic: clang emits `generic - local` as a difference of the
  // raw integer values (no conversion of the local operand), which differs
  // once generic pointers carry a tag
  int *lb = lbuf;
  o[8] = r3(l + 3, 1) - lb == (ptrdiff_t)(lid * 4 + 4);
}
