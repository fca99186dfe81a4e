// Generic pointers passed down a chain of helpers (some kept out of line so
// the O2 form still calls functions with generic parameters), one helper
// reached from call sites with global, local and private arguments, and a
// helper dispatching on to_global/to_local/to_private as in the seed's F().

__attribute__((noinline)) int leaf(int *p, int i) { return p[i] * 2 + 1; }

int mid(int *p, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += leaf(p, i);
  return s;
}

__attribute__((noinline)) int top(int *a, int *b, int n) { return mid(a, n) - mid(b, n); }

__attribute__((noinline)) void store_leaf(int *p, int v) { *p = v; }

int dispatch(int *p) {
  if (to_global(p))
    return *to_global(p) + 10000;
  else if (to_local(p))
    return *to_local(p) + 20000;
  else if (to_private(p))
    return *to_private(p) + 30000;
  return -1;
}

kernel void call_chain(global int *in, global int *out, local int *lbuf) {
  size_t lid = get_local_id(0), gid = get_global_id(0);
  int priv[4];
  for (int i = 0; i < 4; i++) {
    priv[i] = in[(gid + i) % 32] - i;
    lbuf[lid * 4 + i] = in[(gid * 3 + i) % 32] + i;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  int *o = out + 8 * gid;
  o[0] = top(in + gid % 28, lbuf + lid * 4, 4);
  o[1] = top(priv, in + gid % 28, 4);
  o[2] = top(lbuf + lid * 4, priv, 3);
  store_leaf(priv + 2, o[0]);
  store_leaf(lbuf + lid * 4 + 1, o[1]);
  store_leaf(o + 3, o[2]);
  o[4] = priv[2] + lbuf[lid * 4 + 1];
  o[5] = dispatch(in + gid);
  o[6] = dispatch(lbuf + lid * 4 + 1);
  o[7] = dispatch(priv + 2);
}
