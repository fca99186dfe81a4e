// Vector forms of the math builtins with a pointer argument, into each space:
// fract float4 (global), modf float2 (local), sincos float8 (private),
// frexp float16/int16 (global), lgamma_r float4/int4 (local), remquo
// float3/int3 (private), fract float16 (local), sincos float3 (global, the
// padding lane is never written), modf float8 (private through a select with
// global). Results are written component by component.

#define OUT4(o, v) do { (o)[0] = (v).s0; (o)[1] = (v).s1; (o)[2] = (v).s2; (o)[3] = (v).s3; } while (0)
#define OUT8(o, v) do { OUT4(o, (v).lo); OUT4((o) + 4, (v).hi); } while (0)
#define OUT16(o, v) do { OUT8(o, (v).lo); OUT8((o) + 8, (v).hi); } while (0)

kernel void builtin_math_vector(global const float *in, global float *gf, global int *gi,
                                global float *res, global int *ires) {
  local float2 l2[8];
  local int4 li4[8];
  local float16 l16[8];
  size_t gid = get_global_id(0), lid = get_local_id(0), n = get_global_size(0);
  float a = in[gid], b = in[(gid + 1) % n], c = in[(gid + 2) % n], d = in[(gid + 7) % n];
  float4 x4 = (float4)(a, b, c, d);
  float16 x16 = (float16)(x4, -x4, x4 * 0.5f, x4 * 3.0f);
  global float *R = res + gid * 96;
  global int *IR = ires + gid * 8;

  float4 r4 = fract(x4, (global float4 *)gf + gid * 12);         // global
  OUT4(R, r4);
  float2 r2 = modf(x4.xy * 5.0f, &l2[lid]);                        // local
  R[4] = r2.x; R[5] = r2.y;
  float8 c8;
  float8 r8 = sincos((float8)(x4, x4.wzyx * 2.0f), &c8);           // private
  OUT8(R + 6, r8);
  OUT8(R + 14, c8);
  float16 m16 = frexp(x16, (global int16 *)gi + gid);               // global
  OUT16(R + 22, m16);
  float4 g4 = lgamma_r(x4, &li4[lid]);                             // local
  OUT4(R + 38, g4);
  int3 q3;
  float3 rq = remquo(x4.xyz * 7.0f, x4.yzw, &q3);                  // private
  R[42] = rq.x; R[43] = rq.y; R[44] = rq.z;
  IR[0] = q3.x; IR[1] = q3.y; IR[2] = q3.z;
  float16 f16 = fract(x16 * 1.75f, &l16[lid]);                     // local
  OUT16(R + 45, f16);
  float3 s3 = sincos(x4.wxy, (global float3 *)gf + gid * 12 + 4);  // global, float3 slot
  R[61] = s3.x; R[62] = s3.y; R[63] = s3.z;

  float8 p8;
  float8 *m8p = (lid & 1) ? &p8 : (float8 *)((global float *)gf + gid * 48 + 24);
  float8 m8 = modf(x16.hi * 9.0f, m8p);                             // private or global
  OUT8(R + 64, m8);
  if (lid & 1)
    OUT8(R + 72, p8);

  barrier(CLK_LOCAL_MEM_FENCE);
  size_t nb = (lid + 3) % 8;
  R[80] = l2[nb].x; R[81] = l2[nb].y;
  int4 sn = li4[nb];
  IR[3] = sn.x; IR[4] = sn.y; IR[5] = sn.z; IR[6] = sn.w;
  float16 fl = l16[nb];
  R[82] = fl.s0; R[83] = fl.s3; R[84] = fl.s5; R[85] = fl.s8; R[86] = fl.sa; R[87] = fl.sf;
  R[88] = fl.s1 + fl.s2 + fl.s4 + fl.s6;
  R[89] = fl.s7 + fl.s9 + fl.sb + fl.sc;
  R[90] = fl.sd + fl.se;
}
