// A four-level helper chain f1(p) -> f2(p) -> f3(p) -> f4(p) on a generic
// pointer (f2 and f4 noinline, so the O2 form keeps calls with generic
// arguments), the leaf reading and writing *p; the kernel calls the chain with
// a global, a local and a private pointer, and a second chain whose levels
// alternate between passing the pointer on and an offset of it.

__attribute__((noinline)) int f4(int *p, int v) {
  int old = *p;
  *p = old * 2 + v;
  return old;
}
int f3(int *p, int v) { return f4(p + 1, v + 1) + f4(p, v); }
__attribute__((noinline)) int f2(int *p, int v) { return f3(p, v * 3) - 1; }
int f1(int *p, int v) { return f2(p, v) + *p; }

__attribute__((noinline)) void g4(int *p, int n) {
  for (int i = 0; i < n; i++) p[i] += i + 1;
}
void g3(int *p, int n) { g4(p + 1, n - 1); }
__attribute__((noinline)) void g2(int *p, int n) { g3(p, n); p[0] -= 7; }
void g1(int *p, int n) { g2(p + 1, n - 1); }

kernel void chain_rw4(global const int *in, global int *io, global int *out, local int *lbuf) {
  size_t lid = get_local_id(0), gid = get_global_id(0);
  int priv[6];
  for (int i = 0; i < 6; i++) {
    priv[i] = in[(gid * 2 + i) % 48] - i;
    lbuf[lid * 6 + i] = in[(gid + 3 * i) % 48] + 2 * i;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  int *o = out + 8 * gid;
  o[0] = f1(io + 2 * gid, (int)lid);                      // global: io[2gid], io[2gid + 1]
  o[1] = f1(lbuf + lid * 6 + 2, 5);                       // local
  o[2] = f1(priv + 3, -2);                                // private
  g1(io + 2 * gid, 2);                                    // io[2gid + 1]
  g1(lbuf + lid * 6, 5);
  g1(priv, 6);
  o[3] = lbuf[lid * 6] + lbuf[lid * 6 + 1] * 3 + lbuf[lid * 6 + 5];
  int s = 0;
  for (int i = 0; i < 6; i++) s = s * 5 + priv[i];
  o[4] = s;
  o[5] = lbuf[lid * 6 + 2] - lbuf[lid * 6 + 3];
  o[6] = f1(lbuf + lid * 6 + 4, o[5] & 7) + f1(priv + 1, 1);
  o[7] = priv[1] + priv[2] + lbuf[lid * 6 + 4] + lbuf[lid * 6 + 5];
}
