// A run-time choice between two (or three) address spaces at the top of a
// helper chain: the kernel selects global/local by work-item parity, local/
// private by input data, and a three-way choice, then passes the selected
// generic pointer down s1 -> s2 -> s3 -> s4 (s2 and s4 noinline), whose leaf
// reads and writes it; one chain does the select itself in its top level.

__attribute__((noinline)) int s4(int *p, int i) {
  int v = p[i];
  p[i] = v + 10 * (i + 1);
  return v;
}
int s3(int *p, int i) { return s4(p, i) * 2 + s4(p, i + 1); }
__attribute__((noinline)) int s2(int *p, int i) { return s3(p + 1, i) - p[0]; }
int s1(int *p, int i) { return s2(p, i) + 1; }

// the select in the chain's top level
int t1(int *a, int *b, int c) { return s2(c ? a : b, c); }

kernel void chain_select_top(global const int *in, global int *gbuf, global int *out, local int *lbuf) {
  size_t lid = get_local_id(0), gid = get_global_id(0);
  int priv[5];
  for (int i = 0; i < 5; i++) {
    priv[i] = in[(gid + i) % 32] * 3;
    lbuf[lid * 5 + i] = in[(gid * 7 + i) % 32] - i;
  }
  int *g = gbuf + 5 * gid, *l = lbuf + 5 * lid;
  int *o = out + 7 * gid;
  int *gl = (lid & 1) ? g : l;                 // global or local by parity
  o[0] = s1(gl, 1);
  int *lp = (in[gid] & 2) ? l : priv;          // local or private by data
  o[1] = s1(lp, 2);
  int k = in[gid] % 3;
  int *any = k == 0 ? g : k == 1 ? l : priv;   // three-way
  o[2] = s1(any, 0);
  o[3] = t1(priv, g, (int)(gid & 1)) + t1(l, priv, in[gid] & 1);
  o[4] = priv[0] + priv[1] * 3 + priv[2] * 5 + priv[3] * 7 + priv[4] * 11;
  o[5] = l[0] + l[1] * 3 + l[2] * 5 + l[3] * 7 + l[4] * 11;
  o[6] = g[0] + g[1] * 3 + g[2] * 5 + g[3] * 7 + g[4] * 11;
}
