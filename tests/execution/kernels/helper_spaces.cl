// Non-kernel helpers taking generic `int *` called with global, local and
// private pointers (reads and writes through the generic parameter).

int sum_n(int *p, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += p[i] * (i + 1);
  return s;
}

void scale_add(int *p, int n, int k, int b) {
  for (int i = 0; i < n; i++)
    p[i] = p[i] * k + b;
}

kernel void helper_spaces(global int *in, global int *out, local int *lbuf) {
  size_t lid = get_local_id(0), gid = get_global_id(0), ls = get_local_size(0);
  size_t gs = get_global_size(0);
  int priv[4];
  for (int i = 0; i < 4; i++)
    priv[i] = in[gid] + i;
  lbuf[lid] = in[gid] * 3;
  barrier(CLK_LOCAL_MEM_FENCE);

  int g = sum_n(in + (gid & ~(size_t)3), 4);  // global
  int l = sum_n(lbuf + (lid & ~(size_t)3), 4); // local
  int p = sum_n(priv, 4);                      // private
  scale_add(priv, 4, 2, (int)lid);             // write private via generic
  int p2 = sum_n(priv, 4);
  out[5 * gid + 0] = g;
  out[5 * gid + 1] = l;
  out[5 * gid + 2] = p;
  out[5 * gid + 3] = p2;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0)
    scale_add(lbuf, (int)ls, 5, 1);            // write local via generic
  barrier(CLK_LOCAL_MEM_FENCE);
  out[5 * gid + 4] = lbuf[lid];
  scale_add(out + 5 * gid, 2, 3, -1);          // write global via generic
  (void)gs;
}
