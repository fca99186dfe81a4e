// vloadn/vstoren (n = 2, 3, 4, 8, 16; int, float, uchar, short) with pointers
// known at compile time: global buffers, kernel-scope __local arrays and
// private arrays passed directly (each call becomes the generic overload,
// e.g. _Z7vload16mPU3AS4Ki). Data moves global -> local -> global and
// global -> private -> global; local data is read back by a neighbour.

kernel void builtin_vload_static(global const int *gin, global const float *fin, global int *gout,
                                 global float *fout, global uchar *bout, global short *sout) {
  local int li[8 * 16];
  local float lfl[8 * 8];
  size_t gid = get_global_id(0), lid = get_local_id(0), n = get_global_size(0);

  // global -> local
  int16 a = vload16(gid, gin);
  vstore16(a * 3 + (int)lid, lid, li);
  float8 b = vload8(gid, fin);
  vstore8(b * 0.5f, lid, lfl);

  // global -> private -> global
  int pi[16];
  int4 c = vload4(gid * 4 + 1, gin);
  vstore4(c ^ 0x55, 0, pi);                 // pi[0..3]
  vstore4(c * 2, 1, pi);                    // pi[4..7]
  int2 e = vload2(gid * 8 + 3, gin);
  vstore2(e - 1, 4, pi);                    // pi[8..9]
  int3 d = vload3(gid * 5 + 2, gin);
  vstore3(d + 7, 0, pi + 10);               // pi[10..12]
  pi[13] = (int)gid;
  vstore2(c.wz, 7, pi);                     // pi[14..15]
  int16 p16 = vload16(0, pi);
  vstore16(p16, gid, gout);                 // gout[gid*16 ..]
  int8 p8 = vload8(1, pi);
  vstore8(p8 + 1000, gid * 2 + 1, gout + n * 16);

  float pf[8];
  float3 f3 = vload3(gid, fin + 1);
  vstore3(f3, 0, pf);                       // pf[0..2]
  pf[3] = (float)gid * 0.25f;
  float4 f4 = vload4(gid * 2, fin);
  vstore4(f4 - 1.0f, 1, pf);                // pf[4..7]
  float8 q8 = vload8(0, pf);
  vstore8(q8, gid, fout);                   // fout[gid*8 ..]

  // uchar / short vectors
  uchar pb[16];
  vstore16(__builtin_convertvector(a & 0xff, uchar16), 0, pb);
  uchar8 b8 = vload8(1, pb);
  vstore8(b8, gid, bout);
  short2 s2 = vload2(3, (short *)pi);       // the two halves of pi[3]
  vstore2(s2, gid, sout);
  short4 s4 = __builtin_convertvector(vload4(gid, gin), short4);
  vstore4(s4 * (short)3, gid + n / 2, sout);

  barrier(CLK_LOCAL_MEM_FENCE);
  size_t nb = (lid + 1) % 8;
  int8 la = vload8(2 * nb + 1, li);
  vstore8(la, gid * 2, gout + n * 16);      // gout[n*16 + gid*16 + 0..7]
  float2 lb = vload2(nb * 4 + 1, lfl);
  float4 lc = vload4(nb * 2, lfl);
  vstore2(lb, gid * 3, fout + n * 8);       // fout[n*8 + gid*6 + 0..1]
  vstore4(lc, 0, fout + n * 8 + gid * 6 + 2);
}
