// vloadn/vstoren through pointers known only at run time: a select between a
// __local argument buffer and a global buffer by get_local_id parity, noinline
// helpers taking generic pointers (called with global, local and private
// pointers), a generic pointer kept in a private array of pointers and picked
// by a run-time index.

__attribute__((noinline)) void scale3(const float *src, float *dst, int n, float s) {
  for (int i = 0; i < n; i++)
    vstore3(vload3(i, src) * s, i, dst);
}

__attribute__((noinline)) int sum8(const int *p, size_t off) {
  int8 v = vload8(off, p);
  int4 w = v.lo + v.hi;
  return w.x + w.y + w.z + w.w;
}

__attribute__((noinline)) void rotate16(int *p) {
  int16 v = vload16(0, p);
  vstore16(v.s123456789abcdef0, 0, p);
}

kernel void builtin_vload_runtime(global const int *gin, global int *gbuf, global float *fbuf,
                                  global int *out, local int *lbuf, local float *lfbuf) {
  size_t gid = get_global_id(0), lid = get_local_id(0);
  // local or global by parity
  int *p = (lid & 1) ? (int *)(lbuf + lid * 16) : (int *)(gbuf + gid * 16);
  vstore16(vload16(gid, gin) + 1, 0, p);
  rotate16(p);
  int4 q = vload4(1, p);
  vstore4(q * q, 3, p);
  out[gid * 8 + 0] = sum8(p, 0);
  out[gid * 8 + 1] = sum8(p, 1);

  // the helpers with each space
  int pi[16];
  vstore16(vload16(gid, gin), 0, pi);
  rotate16(pi);
  out[gid * 8 + 2] = sum8(pi, 1);
  out[gid * 8 + 3] = pi[0] - pi[15];

  float pf[6];
  float *fl = lfbuf + lid * 6;
  float *fg = fbuf + gid * 12;
  for (int i = 0; i < 6; i++) {
    fg[i] = (float)(gin[gid * 16 + i] % 97) * 0.125f;
    pf[i] = 0.0f;
  }
  scale3(fg, fl, 2, 1.5f);         // global -> local
  scale3(fl, pf, 2, -2.0f);        // local -> private
  scale3(pf, fg + 6, 2, 0.25f);    // private -> global

  // a generic pointer out of a private table, index known only at run time
  int *tab[3] = {(int *)(gbuf + gid * 16), (int *)(lbuf + lid * 16), pi};
  int *t = tab[gin[gid * 16] % 3];
  int2 v2 = vload2(5, t);
  vstore2(v2.yx, 6, t);
  out[gid * 8 + 4] = sum8(t, 0) + sum8(t, 1);

  barrier(CLK_LOCAL_MEM_FENCE);
  size_t nb = (lid + 1) % get_local_size(0);
  out[gid * 8 + 5] = sum8((int *)(lbuf + nb * 16), 0);
  out[gid * 8 + 6] = sum8((int *)(lbuf + nb * 16), 1);
  float3 f = vload3(nb, lfbuf);
  out[gid * 8 + 7] = (int)(f.x * 8.0f) + (int)(f.y * 64.0f) + (int)(f.z * 512.0f);
}
