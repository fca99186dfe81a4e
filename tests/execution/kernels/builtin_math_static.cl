// fract/modf/sincos/frexp/lgamma_r/remquo with their pointer argument known at
// compile time: the address of a global buffer element, of a kernel-scope
// __local array element and of a private variable, each passed directly
// (clang casts it to generic and calls the generic overload, e.g.
// _Z5fractfPU3AS4f). Every returned value and every stored value is written
// out; local slots are read back by the neighbour after a barrier.

kernel void builtin_math_static(global const float *in, global float *fo, global int *io) {
  local float lf[8 * 3];
  local int li[8 * 3];
  size_t gid = get_global_id(0), lid = get_local_id(0), n = get_global_size(0);
  float x = in[gid], y = in[(gid + 5) % n]; // no input is zero or an integer
  global float *F = fo + gid * 24;
  global int *I = io + gid * 9;

  // global: the builtin writes straight into the output buffer
  F[0] = fract(x, &F[1]);
  F[2] = modf(x, &F[3]);
  F[4] = sincos(x, &F[5]);
  F[6] = frexp(x, &I[0]);
  F[7] = lgamma_r(x, &I[1]);
  F[8] = remquo(x, y, &I[2]);

  // local
  F[9] = fract(x * 3.0f, &lf[lid * 3 + 0]);
  F[10] = modf(-x, &lf[lid * 3 + 1]);
  F[11] = sincos(y, &lf[lid * 3 + 2]);
  F[12] = frexp(x * 100.0f, &li[lid * 3 + 0]);
  F[13] = lgamma_r(-x, &li[lid * 3 + 1]);
  F[14] = remquo(y, x, &li[lid * 3 + 2]);

  // private
  float pf0, pf1, pf2;
  int pi0, pi1, pi2;
  F[15] = fract(-y, &pf0);
  F[16] = modf(x * 7.0f, &pf1);
  F[17] = sincos(x * 0.5f, &pf2);
  F[18] = frexp(y, &pi0);
  F[19] = lgamma_r(x * 0.5f, &pi1);
  F[20] = remquo(x * 9.0f, y, &pi2);
  F[21] = pf0;
  F[22] = pf1;
  F[23] = pf2;
  I[3] = pi0;
  I[4] = pi1;
  I[5] = pi2;

  barrier(CLK_LOCAL_MEM_FENCE);
  size_t nb = (lid + 1) % 8;
  global float *G = fo + n * 24 + gid * 3;
  G[0] = lf[nb * 3 + 0];
  G[1] = lf[nb * 3 + 1];
  G[2] = lf[nb * 3 + 2];
  I[6] = li[nb * 3 + 0];
  I[7] = li[nb * 3 + 1];
  I[8] = li[nb * 3 + 2];
}
