// The math builtins with pointers known only at run time: a select between a
// local and a global pointer by get_local_id parity, a three-way choice
// (global / local / private) by input data, and a noinline helper forwarding
// its generic pointers to the builtins, called with global, local and private
// pointers (the helper's calls see all three spaces).

__attribute__((noinline)) void math_through(float x, float y, float *fp, int *ip, global float *res) {
  res[0] = fract(x, fp);
  res[1] = sincos(y, fp + 1);
  res[2] = modf(y * 3.0f, fp + 2);
  res[3] = frexp(x, ip);
  res[4] = lgamma_r(y, ip + 1);
  res[5] = remquo(y, x, ip + 2);
}

kernel void builtin_math_select(global const float *in, global float *gf, global int *gi,
                                global float *res, global int *ires) {
  local float lf[8 * 6];
  local int li[8 * 6];
  size_t gid = get_global_id(0), lid = get_local_id(0), n = get_global_size(0);
  float x = in[gid], y = in[(gid + 3) % n];
  global float *R = res + gid * 32;
  global int *IR = ires + gid * 6;
  for (int k = 0; k < 6; k++) {
    lf[lid * 6 + k] = 0.0f;
    li[lid * 6 + k] = 0;
  }

  // local or global by parity
  float *fp = (lid & 1) ? (float *)&lf[lid * 6] : (float *)&gf[gid * 9];
  int *ip = (lid & 1) ? (int *)&li[lid * 6] : (int *)&gi[gid * 9];
  R[0] = fract(x, fp);
  R[1] = modf(x, fp + 1);
  R[2] = sincos(y, fp + 2);
  R[3] = frexp(y, ip);
  R[4] = lgamma_r(x, ip + 1);
  R[5] = remquo(x, y, ip + 2);

  // three-way choice by data
  float pf[3];
  int pi[3];
  int sel = (int)(in[gid] * 4.0f) & 3;
  float *tf = sel == 0 ? pf : sel == 1 ? (float *)&lf[lid * 6 + 3] : (float *)&gf[gid * 9 + 3];
  int *ti = sel == 0 ? pi : sel == 1 ? (int *)&li[lid * 6 + 3] : (int *)&gi[gid * 9 + 3];
  R[6] = fract(y * 5.0f, tf);
  R[7] = sincos(x, tf + 1);
  R[8] = modf(y, tf + 2);
  R[9] = frexp(x * 0.25f, ti);
  R[10] = lgamma_r(-y, ti + 1);
  R[11] = remquo(y * 2.0f, x, ti + 2);
  if (sel == 0) {
    R[12] = pf[0]; R[13] = pf[1]; R[14] = pf[2];
    IR[0] = pi[0]; IR[1] = pi[1]; IR[2] = pi[2];
  }

  // the helper, with a global pointer, then with a local one (even items whose
  // local slots 3..5 are free) or a private one
  math_through(x, y, &gf[gid * 9 + 6], &gi[gid * 9 + 6], R + 16);
  float hf[3];
  int hi[3];
  bool use_local = (lid & 1) == 0 && sel != 1;
  if (use_local)
    math_through(y, x, (float *)&lf[lid * 6 + 3], (int *)&li[lid * 6 + 3], R + 22);
  else
    math_through(-x, y, hf, hi, R + 22);
  if (!use_local) {
    R[28] = hf[0]; R[29] = hf[1]; R[30] = hf[2];
    IR[3] = hi[0]; IR[4] = hi[1]; IR[5] = hi[2];
  }

  // local results, read back by the neighbour
  barrier(CLK_LOCAL_MEM_FENCE);
  size_t nb = (lid + 1) % 8;
  for (int k = 0; k < 6; k++) {
    res[n * 32 + gid * 6 + k] = lf[nb * 6 + k];
    ires[n * 6 + gid * 6 + k] = li[nb * 6 + k];
  }
}
