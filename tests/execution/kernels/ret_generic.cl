// Helpers returning generic pointers: pick one of two, advance, pointer to
// the maximum element, first odd element (may return null, one helper kept
// out of line so the O2 form still has a call returning a generic pointer).

int *pick(int *a, int *b, int c) { return c ? a : b; }

int *advance(int *p, int n) { return p + n; }

int *max_elem(int *p, int n) {
  int *m = p;
  for (int i = 1; i < n; i++)
    if (p[i] > *m)
      m = p + i;
  return m;
}

__attribute__((noinline)) int *first_odd(int *p, int n) {
  for (int i = 0; i < n; i++)
    if (p[i] & 1)
      return p + i;
  return 0;
}

kernel void ret_generic(global int *in, global int *out, local int *lbuf) {
  size_t lid = get_local_id(0), gid = get_global_id(0);
  int priv[6];
  for (int i = 0; i < 6; i++)
    priv[i] = in[(gid + 3 * i) % 32] * 2;
  for (int i = 0; i < 4; i++)
    lbuf[lid * 4 + i] = in[(gid * 5 + i) % 32] + 1;
  barrier(CLK_LOCAL_MEM_FENCE);

  int *gbase = (int *)in + 8 * (gid % 4);
  int *m1 = max_elem(gbase, 8);
  out[8 * gid + 0] = *m1;
  out[8 * gid + 1] = (int)(m1 - gbase);
  int *m2 = max_elem(lbuf + lid * 4, 4);
  *m2 = -(*m2);                          // own slice of local memory
  int *m3 = max_elem(priv, 6);
  *m3 += 1000;
  out[8 * gid + 2] = lbuf[lid * 4] + lbuf[lid * 4 + 1] + lbuf[lid * 4 + 2] +
                     lbuf[lid * 4 + 3];
  out[8 * gid + 3] = priv[0] + priv[1] + priv[2] + priv[3] + priv[4] + priv[5];
  int *q = pick(advance(priv, 2), advance(lbuf, (int)lid * 4 + 1), (int)(gid & 1));
  out[8 * gid + 4] = *q;
  int *o1 = first_odd(gbase, 8);
  int *o2 = first_odd(lbuf + lid * 4, 4);
  int *o3 = first_odd(priv, 6);
  out[8 * gid + 5] = o1 ? *o1 : -7;
  out[8 * gid + 6] = o2 ? *o2 : -7;
  out[8 * gid + 7] = o3 ? (int)(o3 - priv) : -7;
}
