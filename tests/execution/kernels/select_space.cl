// Generic pointers chosen at run time between address spaces with
// conditional expressions (selects): global vs local by get_local_id parity,
// global vs local by input data (for writes), and a three-way choice that
// includes a private variable.

kernel void select_space(global int *in, global int *out, local int *lbuf) {
  size_t lid = get_local_id(0), gid = get_global_id(0), gs = get_global_size(0);
  lbuf[lid] = in[gid] + 100;
  barrier(CLK_LOCAL_MEM_FENCE);

  int *p = (lid & 1) ? (int *)(in + gid) : (int *)(lbuf + lid);
  int v = *p;
  int *w = (in[gid] % 3 == 0) ? (int *)(out + gid) : (int *)(lbuf + lid);
  *w = v * 2 + 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[gs + gid] = lbuf[lid];

  int priv = 7 * (int)gid;
  int *q = in[gid] > 50 ? &priv
                        : ((lid & 2) ? (int *)(lbuf + lid) : (int *)(out + gid));
  *q += 3;
  out[2 * gs + gid] = *q + priv;
}
