// vload_half/vstore_half and the n forms (2, 3, 4, 8, 16) on half data in
// global buffers, a kernel-scope __local array and a private array (declared
// as ushort, used through half pointers), pointers known at compile time and
// a run-time select between local and global. vstore_half rounds to nearest
// even: the inputs include exact ties (1 + 2^-11 -> 1, 1 + 3*2^-11 -> 1 +
// 2^-9), values that overflow (65520 -> inf), round to the largest half
// (65519 -> 65504), subnormal halves and underflow to zero.

kernel void builtin_half(global const float *fin, global const half *hin, global half *hout,
                         global float *fout) {
  local ushort lh[8 * 16];
  size_t gid = get_global_id(0), lid = get_local_id(0), n = get_global_size(0);
  global float *F = fout + gid * 64;
  local half *lhp = (local half *)(lh + lid * 16);

  // scalar: global, local, private
  float x = fin[gid];
  vstore_half(x, gid, hout);                        // hout[gid]
  vstore_half(-x * 2.0f, 0, lhp);
  ushort ph[16];
  half *php = (half *)ph;
  vstore_half(x * 0.5f, 0, php);
  F[0] = vload_half(gid, hin);
  F[1] = vload_half(0, lhp);
  F[2] = vload_half(0, php);
  F[3] = vload_half(gid, hout);

  // n forms into each space
  float2 v2 = (float2)(fin[(gid + 1) % n], fin[(gid + 2) % n]);
  float4 v4 = (float4)(v2, -v2.yx);
  float8 v8 = (float8)(v4, v4 * 0.125f);
  float16 v16 = (float16)(v8, v8 * -3.0f);
  vstore_half2(v2, gid, hout + n);                  // global
  vstore_half4(v4, 1, lhp);                         // local lh[lid*16 + 4..7]
  vstore_half8(v8, 1, lhp);                         // local lh[lid*16 + 8..15]
  vstore_half16(v16, 0, php);                       // private
  vstore_half3(v4.xyz, 0, lhp + 1);                 // local lh[lid*16 + 1..3]

  float16 r16 = vload_half16(0, php);
  F[4] = r16.s0; F[5] = r16.s1; F[6] = r16.s2; F[7] = r16.s3;
  F[8] = r16.s4; F[9] = r16.s5; F[10] = r16.s6; F[11] = r16.s7;
  F[12] = r16.s8; F[13] = r16.s9; F[14] = r16.sa; F[15] = r16.sb;
  F[16] = r16.sc; F[17] = r16.sd; F[18] = r16.se; F[19] = r16.sf;
  float8 g8 = vload_half8(gid, hin);                // global
  F[20] = g8.s0; F[21] = g8.s1; F[22] = g8.s2; F[23] = g8.s3;
  F[24] = g8.s4; F[25] = g8.s5; F[26] = g8.s6; F[27] = g8.s7;
  float4 g4 = vload_half4(2 * gid + 1, hin);
  F[28] = g4.x; F[29] = g4.y; F[30] = g4.z; F[31] = g4.w;
  float3 g3 = vload_half3(gid, hin + 3);
  F[32] = g3.x; F[33] = g3.y; F[34] = g3.z;
  float2 g2 = vload_half2(gid, hout + n);           // what vstore_half2 wrote
  F[35] = g2.x; F[36] = g2.y;

  // run-time select between local and global
  half *sel = (lid & 1) ? (half *)(lh + lid * 16) : (half *)(hout + 3 * n + gid * 8);
  vstore_half4(v4 * 1000.0f, 1, sel);
  float4 s4 = vload_half4(1, sel);
  F[37] = s4.x; F[38] = s4.y; F[39] = s4.z; F[40] = s4.w;

  barrier(CLK_LOCAL_MEM_FENCE);
  local half *nbp = (local half *)(lh + ((lid + 1) % 8) * 16);
  float16 l16 = vload_half16(0, nbp);
  F[41] = l16.s0; F[42] = l16.s1; F[43] = l16.s2; F[44] = l16.s3;
  F[45] = l16.s4; F[46] = l16.s5; F[47] = l16.s6; F[48] = l16.s7;
  F[49] = l16.s8; F[50] = l16.s9; F[51] = l16.sa; F[52] = l16.sb;
  F[53] = l16.sc; F[54] = l16.sd; F[55] = l16.se; F[56] = l16.sf;
  float2 l2 = vload_half2(3, nbp);
  F[57] = l2.x; F[58] = l2.y;
}
