// Loops walking generic pointers by increment: range sum with begin/end
// pointers, element-wise copy (dst++/src++), in-place reversal with two
// converging pointers; over global, local and private memory.

int sum_range(const int *b, const int *e) {
  int s = 0, k = 1;
  while (b != e)
    s += *b++ * k++;
  return s;
}

void copy_n(int *dst, const int *src, int n) {
  while (n-- > 0)
    *dst++ = *src++;
}

void rev_inplace(int *b, int *e) {
  while (b < --e) {
    int t = *b;
    *b++ = *e;
    *e = t;
  }
}

kernel void ptr_loop(global int *in, global int *out, global int *out2,
                     local int *lbuf) {
  size_t lid = get_local_id(0), gid = get_global_id(0), ls = get_local_size(0);
  int priv[8];
  copy_n(priv, in + gid, 8);            // private <- global
  copy_n(lbuf + lid * 8, in + gid, 8);  // local <- global
  rev_inplace(priv, priv + 8);
  rev_inplace(lbuf + lid * 8, lbuf + lid * 8 + 8);
  barrier(CLK_LOCAL_MEM_FENCE);
  int *nb = lbuf + ((lid + 1) % ls) * 8;
  int sl = sum_range(nb, nb + 8);
  int sp = sum_range(priv, priv + 8);
  int sg = sum_range(in + gid, in + gid + 8);
  copy_n(out + gid * 8, nb, 8);          // global <- local
  out2[3 * gid] = sl;
  out2[3 * gid + 1] = sp;
  out2[3 * gid + 2] = sg;
}
