// Several element types and alignments through generic pointers: char
// (byte loops at odd offsets), short, long, float, float4 (16-byte aligned
// vector loads/stores), in global, local and private memory.

long dot_long(const long *a, const long *b, int n) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

float horner(const float *c, int n, float x) {
  float r = 0.0f;
  for (int i = n - 1; i >= 0; i--)
    r = r * x + c[i];
  return r;
}

uchar xsum(const uchar *p, int n) {
  uchar s = 0;
  for (int i = 0; i < n; i++)
    s = (uchar)(s * 31 + p[i]);
  return s;
}

short smax(const short *p, int n) {
  short m = p[0];
  for (int i = 1; i < n; i++)
    m = p[i] > m ? p[i] : m;
  return m;
}

float4 vmix(const float4 *a, const float4 *b) { return a[0] * b[1] + a[1]; }

kernel void types_align(global uchar *cin, global long *lin, global float *fin,
                        global float4 *vin, global long *out_l, global float *out_f,
                        global uchar *out_c, local float4 *lv) {
  size_t lid = get_local_id(0), gid = get_global_id(0);
  uchar pc[7];
  short ps[5];
  long pl[3] = {(long)gid, -3, 5};
  float4 pv[2];
  for (int i = 0; i < 7; i++)
    pc[i] = cin[gid + i] ^ 0x3c;
  for (int i = 0; i < 5; i++)
    ps[i] = (short)(cin[gid * 2 + i] * (i & 1 ? -1 : 1) * 113);
  pv[0] = vin[gid % 8];
  pv[1] = (float4)(1.5f, -2.0f, 0.25f, (float)gid);
  lv[2 * lid] = vin[(gid + 1) % 8];
  lv[2 * lid + 1] = vin[(gid + 2) % 8] * 0.5f;
  barrier(CLK_LOCAL_MEM_FENCE);

  out_c[4 * gid + 0] = xsum(cin + gid + 1, 5);          // global, odd offsets
  out_c[4 * gid + 1] = xsum(pc, 7);                     // private
  out_c[4 * gid + 2] = (uchar)smax(ps, 5);              // private short
  out_c[4 * gid + 3] = (uchar)(smax(ps + 1, 3) >> 3);
  out_l[3 * gid + 0] = dot_long(lin + gid, lin + 16 - gid, 4);   // global
  out_l[3 * gid + 1] = dot_long(pl, lin + gid, 3);               // private x global
  out_l[3 * gid + 2] = dot_long(pl, pl, 3);
  float *lf = (float *)(lv + 2 * lid);                  // local floats
  out_f[8 * gid + 0] = horner(fin + gid, 4, 0.5f);
  out_f[8 * gid + 1] = horner(lf, 8, -1.25f);
  out_f[8 * gid + 2] = horner((float *)pv, 8, 2.0f);
  float4 m1 = vmix(pv, lv + 2 * lid);                   // private, local
  float4 m2 = vmix(vin + (gid % 7), pv);                // global, private
  out_f[8 * gid + 3] = m1.x + m1.y;
  out_f[8 * gid + 4] = m1.z - m1.w;
  out_f[8 * gid + 5] = m2.x * m2.w;
  float4 *dst = (float4 *)(out_f + 8 * gid + 4);        // generic float4 store (16B aligned)
  dst[0] = (float4)(dst[0].x, m2.y, m2.z, m2.x + m1.w);
}
