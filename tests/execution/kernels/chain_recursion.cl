// Bounded recursion through a chain of helpers on generic pointers:
// rec_a -> rec_b -> rec_c -> rec_a with the depth decreasing (not tail calls,
// so the recursion stays at O2); each level reads and writes through its
// pointer. One recursion swaps its two pointers (of different spaces) at every
// level, so the same parameter carries global, local and private pointers at
// different depths. Called with global, local and private pointers.

int rec_a(int *p, int n);

__attribute__((noinline)) int rec_c(int *p, int n) {
  int r = rec_a(p + 1, n - 1);
  p[0] += r & 15;
  return r + p[0];
}
int rec_b(int *p, int n) { return rec_c(p, n) * 3 - n; }
__attribute__((noinline)) int rec_a(int *p, int n) {
  if (n <= 0) return p[0];
  int v = rec_b(p, n);
  p[0] ^= n;
  return v % 1000;
}

__attribute__((noinline)) int swap_rec(int *x, int *y, int n) {
  if (n == 0) return *x - *y;
  *x += n;
  int r = swap_rec(y, x + 1, n - 1);           // pointers swap roles every level
  *y -= r & 7;
  return r + *x;
}

kernel void chain_recursion(global const int *in, global int *gbuf, global int *out, local int *lbuf) {
  size_t lid = get_local_id(0), gid = get_global_id(0);
  int priv[8];
  for (int i = 0; i < 8; i++) {
    priv[i] = in[(gid + i) % 16] - 3 * i;
    lbuf[lid * 8 + i] = in[(gid * 3 + i) % 16] + i;
  }
  int *g = gbuf + 8 * gid, *l = lbuf + 8 * lid;
  int *o = out + 8 * gid;
  int depth = 2 + (int)(gid % 4);              // 2..5, reaches p[depth]
  o[0] = rec_a(g, depth);
  o[1] = rec_a(l, 5);
  o[2] = rec_a(priv, depth + 1);
  o[3] = swap_rec(g, l, 3);                    // touches g[0..2], l[0..1]
  o[4] = swap_rec(priv + 2, g + 4, 4);
  o[5] = swap_rec(l + 4, priv, 3);
  int s = 0, t = 0, u = 0;
  for (int i = 0; i < 8; i++) {
    s = s * 3 + priv[i];
    t = t * 3 + l[i];
    u = u * 3 + g[i];
  }
  o[6] = s - t;
  o[7] = u;
}
