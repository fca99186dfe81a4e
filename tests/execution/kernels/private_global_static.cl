// Generic pointers into private and global memory only, never local: with
// private memory in the global buffer every generic access is a global one
// (seed 000's static resolution). Helpers called with both spaces, a run-time
// choice between them, a loop walking either, a generic pointer kept in a
// private array.

__attribute__((noinline)) int sum_n(const int *p, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += p[i];
  return s;
}

__attribute__((noinline)) void scale_n(int *p, int n, int k) {
  for (int i = 0; i < n; i++)
    p[i] *= k;
}

kernel void private_global_static(global int *in, global int *out) {
  size_t gid = get_global_id(0);
  int priv[4];
  for (int i = 0; i < 4; i++)
    priv[i] = in[(gid + i) % 32] + i;
  int *g = in + (gid & ~3);
  int *o = out + 8 * gid;
  o[0] = sum_n(priv, 4);
  o[1] = sum_n(g, 4);
  scale_n(priv, 4, 3);
  o[2] = sum_n(priv, 4);
  int *pick = (in[gid] & 1) ? priv + 1 : (int *)(o + 7);
  *pick += 5;
  o[3] = *pick;
  int *slots[2] = {priv, o + 6};
  int *s = slots[gid & 1];
  *s = 11 * (int)gid;
  o[4] = priv[0];
  o[5] = sum_n(priv, 4);
}
