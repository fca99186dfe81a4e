// Generic pointers stored in a private array, selected by a run-time index
// and loaded back; a generic pointer to that array (int **); writes through
// the stored pointers.

__attribute__((noinline)) int weighted(int **pp, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += *pp[i] * (i + 1);
  return s;
}

kernel void private_ptr_array(global int *in, global int *out, local int *lbuf) {
  size_t lid = get_local_id(0), gid = get_global_id(0);
  int priv[4] = {1, 2, 3, 4};
  priv[gid % 4] = in[gid];
  lbuf[lid] = in[gid] * 2 + 1;
  barrier(CLK_LOCAL_MEM_FENCE);

  int *ptrs[3];
  ptrs[0] = in + gid;
  ptrs[1] = lbuf + lid;
  ptrs[2] = priv + (gid % 4);
  int k = in[gid] % 3;
  int *p = ptrs[k];
  out[4 * gid + 0] = *p;
  out[4 * gid + 1] = weighted(ptrs, 3);
  ptrs[(k + 1) % 3] = out + 4 * gid + 3;   // replace one slot with a global pointer
  *ptrs[2] += 100;
  *ptrs[1] += 10;
  *ptrs[0] += 1;
  out[4 * gid + 2] = priv[0] + priv[1] + priv[2] + priv[3] + lbuf[lid];
  barrier(CLK_LOCAL_MEM_FENCE);
}
