// Builtin calls at the bottom of helper chains: a three-level chain (the
// middle level noinline) forwarding generic pointers down to sincos, remquo,
// vstore8/vload8, vstore_half4 and atomic_fetch_add, called from the kernel
// with global, local and private pointers; a noinline helper returning one of
// two generic pointers of different spaces, its result passed to modf and
// vstore3; two work-groups of a 2D NDRange.

static void leaf(float x, float *fp, int *ip, half *hp) {
  float s = sincos(x, fp);
  float r = remquo(x * 11.0f, 1.5f, ip);
  float c = fp[0];
  float8 v = (float8)(s, r, c, x, s + 1.0f, r + 2.0f, c + 3.0f, 0.5f);
  vstore8(v, 1, fp);
  vstore_half4(v.s0123, 0, hp);
}

__attribute__((noinline)) float middle(float x, float *fp, int *ip, half *hp) {
  leaf(x, fp, ip, hp);
  float8 v = vload8(1, fp);
  return v.s0 + v.s1 * 2.0f + v.s3 * 4.0f;
}

static float top(float x, float *fp, int *ip, half *hp, volatile atomic_int *cnt) {
  atomic_fetch_add(cnt, ip[0] + 10);
  float m = middle(x, fp, ip, hp);
  atomic_fetch_add(cnt, ip[0] * 3);
  return m;
}

__attribute__((noinline)) float *pick(float *a, float *b, int c) { return c ? a : b; }

kernel void builtin_helper_chain(global const float *in, global float *gf, global int *gi,
                                 global half *gh, global float *res, global int *cnts) {
  local float lf[16 * 16];
  local int li[16];
  local ushort lh[16 * 4];
  local atomic_int lcnt;
  size_t lid = get_local_id(1) * get_local_size(0) + get_local_id(0);
  size_t gid = get_global_id(1) * get_global_size(0) + get_global_id(0);
  size_t grp = get_group_id(1) * get_num_groups(0) + get_group_id(0);
  float x = in[gid];
  li[lid] = 0;
  if (lid == 0)
    atomic_init(&lcnt, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  volatile global atomic_int *gc = (volatile global atomic_int *)cnts + grp;
  global float *R = res + gid * 12;

  R[0] = top(x, (float *)(gf + gid * 16), (int *)(gi + gid), (half *)(gh + gid * 4), gc);
  R[1] = top(-x, (float *)(lf + lid * 16), (int *)(li + lid), (half *)(lh + lid * 4), &lcnt);
  float pf[16];
  int pi = 0;
  ushort ph[4];
  R[2] = top(x * 0.5f, pf, &pi, (half *)ph, gc);
  R[3] = pf[8] + pf[9] + pf[15];
  R[4] = vload_half(2, (half *)ph);
  R[5] = (float)pi;

  // a returned generic pointer (local or private, or global) into modf/vstore3
  float q[4];
  float *p = pick((float *)(lf + lid * 16 + 12), q, (int)(lid & 1));
  R[6] = modf(x * 13.0f, p);
  vstore3((float3)(x, x * x, -x), 0, p + 1);
  R[7] = p[0] + p[1] + p[2] * 2.0f + p[3] * 4.0f;
  float *p2 = pick((float *)(gf + 512 + gid * 4), p, (int)(gid % 3 == 0));
  vstore2((float2)(R[7], x), 1, p2);
  R[8] = modf(-x * 7.0f, p2);
  R[9] = p2[0] + p2[2] + p2[3];

  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0)
    cnts[4 + grp] = atomic_load(&lcnt);
  size_t nb = (lid + 5) % 16;
  R[10] = lf[nb * 16] + lf[nb * 16 + 8] + lf[nb * 16 + 15];
  R[11] = vload_half(1, (local half *)(lh + nb * 4)) + (float)li[nb];
}
