// The results of to_global / to_local / to_private on generic pointers passed
// on to builtins taking pointers: fract, sincos, frexp, vload/vstore,
// vload_half/vstore_half, atomics and get_fence get the named pointer (cast
// back to generic at the call, so they still call the generic overload, now
// with a pointer whose space is known); null results are tested first. The
// generic pointers come from a run-time choice among all three spaces and
// from a noinline helper that dispatches on to_* itself.

__attribute__((noinline)) float frac_any(float x, float *p) {
  global float *g = to_global(p);
  if (g)
    return fract(x, g);
  local float *l = to_local(p);
  if (l)
    return fract(x * 2.0f, l);
  return fract(x * 4.0f, to_private(p));
}

kernel void builtin_to_named(global const float *in, global float *gf, global int *gi,
                             global float *res, global int *ires) {
  local float lf[8 * 8];
  local int li[8 * 8];
  local int lcount;
  size_t gid = get_global_id(0), lid = get_local_id(0), grp = get_group_id(0);
  float x = in[gid];
  float pf[8];
  int pi[8];
  for (int k = 0; k < 8; k++) {
    lf[lid * 8 + k] = 0.0f;
    li[lid * 8 + k] = 0;
    pf[k] = 0.0f;
    pi[k] = 0;
  }
  if (lid == 0)
    lcount = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  global float *R = res + gid * 16;

  int sel = (int)gid % 3;
  float *fp = sel == 0 ? (float *)(gf + gid * 8) : sel == 1 ? (float *)(lf + lid * 8) : pf;
  int *ip = sel == 0 ? (int *)(gi + gid * 8) : sel == 1 ? (int *)(li + lid * 8) : pi;

  global float *gfp = to_global(fp);
  local float *lfp = to_local(fp);
  private float *pfp = to_private(fp);
  global int *gip = to_global(ip);
  local int *lip = to_local(ip);
  private int *pip = to_private(ip);
  ires[gid * 4 + 0] = (gfp != 0) + 2 * (lfp != 0) + 4 * (pfp != 0);
  if (gfp) {
    R[0] = sincos(x, gfp);
    R[1] = frexp(x, gip);
    vstore4((float4)(x, -x, x * x, 1.0f / x), 1, gfp);
    vstore_half2((float2)(x, x * 8.0f), 0, (global half *)(gip + 1));
  }
  if (lfp) {
    R[0] = sincos(x * 0.5f, lfp);
    R[1] = frexp(x * 3.0f, lip);
    vstore4((float4)(-x, x, 2.0f, x * 0.5f), 1, lfp);
    vstore_half2((float2)(x * 3.0f, x), 0, (local half *)(lip + 1));
  }
  if (pfp) {
    R[0] = sincos(-x, pfp);
    R[1] = frexp(x * 5.0f, pip);
    vstore4((float4)(x, x, x, -1.0f), 1, pfp);
    vstore_half2((float2)(x * 0.25f, -x), 0, (private half *)(pip + 1));
  }
  // back through the generic pointers
  float4 v = vload4(1, fp);
  R[2] = v.x; R[3] = v.y; R[4] = v.z; R[5] = v.w;
  R[6] = fp[0];
  float2 h = vload_half2(0, (half *)(ip + 1));
  R[7] = h.x; R[8] = h.y;
  ires[gid * 4 + 1] = ip[0];

  // atomics on named results
  int *cp = (lid & 1) ? (int *)&lcount : (int *)&gi[128 + grp];
  volatile global atomic_int *cg = (volatile global atomic_int *)to_global(cp);
  volatile local atomic_int *cl = (volatile local atomic_int *)to_local(cp);
  if (cg)
    atomic_fetch_add(cg, (int)gid + 1);
  if (cl)
    atomic_fetch_add_explicit(cl, 100, memory_order_relaxed);
  ires[gid * 4 + 2] = (int)get_fence(to_global(fp) ? (void *)to_global(fp) : (void *)fp) * 10 +
                      (int)get_fence(cp);

  // the helper dispatching on to_* itself
  R[9] = frac_any(x, fp + 5);
  R[10] = frac_any(-x, (float *)(gf + 128 + gid));
  float loc;
  R[11] = frac_any(x * 0.75f, &loc);
  R[12] = loc;
  R[13] = fp[5];
  R[14] = pf[0] + pf[4] + pf[5] + pf[6] + pf[7];
  ires[gid * 4 + 3] = pi[0] + pi[1];

  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0)
    ires[64 + grp] = lcount;
  size_t nb = (lid + 1) % 8;
  for (int k = 0; k < 8; k++) {
    res[256 + gid * 8 + k] = lf[nb * 8 + k];
    ires[128 + gid * 8 + k] = li[nb * 8 + k];
  }
}
