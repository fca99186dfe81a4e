// Builtins writing into and reading from private arrays through generic
// pointers with run-time offsets: frexp/lgamma_r/fract into private arrays in
// loops, vstore/vload at data-dependent offsets, vstore_half/vload_half on a
// private half buffer, a private array of generic pointers (private and
// global targets) indexed at run time, and a private struct holding a generic
// pointer passed to a noinline helper.

typedef struct {
  float *dst;
  int *exps;
  int n;
} job_t;

__attribute__((noinline)) float run_job(job_t *j, float x) {
  float acc = 0.0f;
  for (int i = 0; i < j->n; i++) {
    acc += frexp(x + (float)i * 0.75f, j->exps + i);
    j->dst[i] = lgamma_r(x * 0.5f + (float)i + 0.25f, j->exps + 8 + i);
  }
  return acc;
}

kernel void builtin_private_arrays(global const float *in, global const int *idx, global float *gf,
                                   global float *res, global int *ires) {
  size_t gid = get_global_id(0);
  float x = in[gid];
  int k = idx[gid] & 7;
  global float *R = res + gid * 24;
  global int *IR = ires + gid * 24;

  // loops into private arrays
  float fl[8];
  int ex[16];
  for (int i = 0; i < 8; i++)
    R[i] = fract(x * (float)(i + 1), &fl[i]);
  job_t j = {fl, ex, 4 + (k & 3)};
  R[8] = run_job(&j, x);
  for (int i = 0; i < j.n; i++) {
    IR[i] = ex[i];
    IR[8 + i] = ex[8 + i];
  }
  R[9] = fl[0] + fl[1] + fl[2] + fl[3] + fl[4] + fl[5] + fl[6] + fl[7];

  // vstore/vload at run-time offsets
  int buf[32];
  for (int i = 0; i < 32; i++)
    buf[i] = i * (int)gid;
  vstore4((int4)(k, k + 1, k * k, -k), k, buf);
  int8 w = vload8(k & 3, buf);
  vstore8(w.s76543210, 3, buf);
  int16 big = vload16(1, buf);
  IR[16] = big.s0 + big.s5 + big.sa + big.sf;
  IR[17] = buf[4 * k] + buf[4 * k + 3];
  int3 t3 = vload3(k, buf + 1);
  IR[18] = t3.x - t3.y + t3.z;

  // half in private memory
  ushort hb[16];
  for (int i = 0; i < 16; i++)
    vstore_half(x * (float)(i - k), i, (half *)hb);
  R[10] = vload_half(k, (half *)hb);
  float4 h4 = vload_half4(k & 3, (half *)hb);
  R[11] = h4.x; R[12] = h4.y; R[13] = h4.z; R[14] = h4.w;

  // a private table of generic pointers: private and global targets
  float pa[4], pb[4];
  float *tab[4] = {pa, (float *)(gf + gid * 8), pb, (float *)(gf + gid * 8 + 4)};
  for (int i = 0; i < 4; i++) {
    float *p = tab[(i + k) & 3];
    R[15 + i] = modf(x * (float)(i + 2), p);
    vstore3((float3)(x, (float)i, (float)k), 0, p + 1);
  }
  R[19] = pa[0] + pa[1] + pa[2] + pa[3];
  R[20] = pb[0] + pb[1] + pb[2] + pb[3];
  int q;
  R[21] = remquo(x * 5.0f, 0.625f, &q);
  IR[19] = q;
  float4 c4;
  float4 s = sincos((float4)(x, x + k, -x, x * k), &c4);
  R[22] = s.x + s.y + s.z + s.w;
  R[23] = ((float *)&c4)[(k + 1) & 3];
}
