// Found by scripts/differential.sh --seed 11 (program 5; regenerate with
// gas-generate --seed 11 --start 5 --count 1 --out DIR).
// Fails: pipeline named, form inlined: processed IR does not build (undefined reference to `atomic_fetch_sub_explicit(unsigned)
// Also fails: pipeline named, form unoptimized: processed IR does not build (undefined reference to `atomic_fetch_sub_explicit(unsigned)
// Run: tests/execution/run.sh --kernel-dir tests/execution/found --form inlined --library named --process "$PWD/target/debug/gas-opt --pipeline O2 --builtins named --named-atomics --emit llvm-ir" rand_11_5
// Reduced by gas-reduce from 115 to 29 lines.

global uint pv[128];
uint *pgp = pv;

uint h0(uint **t, uint x) {
  uint r = (x ^ 8u);
  t[(x % 3u)][(x % 4u)] = (x ^ (17u + 0u));
  return r;
}

kernel void rand_11_5(global const uint *in, global uint *out, global uint *gw, global float *gf, local uint *lw, global uint *cnt) {
  uint gid = (uint)get_global_id(0), lid = (uint)get_local_id(0), grp = (uint)get_group_id(0);
  uint ck = (0x3b91b3f6u ^ gid);
  uint pa[8], m[2][4];
  float fa[4];
  local uint lk[64];
  local float lf[32];
  for (uint i = 0u; i < 8u; i++) { pa[i] = in[((gid * 3u) + i) % 64u]; m[i / 4u][i % 4u] = in[((gid * 3u) + (i * 3u)) % 64u]; lw[(lid * 8u) + i] = in[((gid * 9u) + (i * 7u)) % 64u] ^ 0x55u; lk[(lid * 8u) + i] = (gid * 16u) + i; } // keep
  for (uint i = 0u; i < 4u; i++) { fa[i] = (float)((gid + i) % 8u) * 0.5f; lf[(lid * 4u) + i] = (float)(i * 3u) + 0.25f; } // keep
  uint *p1 = (((in[(grp % 64u)] % 4u) == 0u) ? ((uint *)(pa + 6u)) : ((uint *)(&lw[((lid * 8u) + 5u)])));
  uint *t5[3] = {&lk[((lid * 8u) + 3u)], (lw + (lid * 8u)), (lw + ((lid * 8u) + 2u))};
  uint v6 = h0(t5, ((gw + ((gid * 8u) + 5u))[1u] / (((uint)((p1 + 1u) == p1)) | 1u)));
  ck = ((ck * 31u) + atomic_fetch_sub_explicit(((volatile atomic_uint *)(((gid < as_uint(*(&gf[(gid * 4u)]))) ? (((gid % 2u) == 0u) ? ((uint *)(lk + (lid * 8u))) : t5[(v6 % 3u)]) : (pgp + (gid * 8u))) + 2u)), (gid << 22u), memory_order_relaxed));
  for (uint i = 0u; i < 8u; i++) ck = (ck * 31u) + pa[i] + (lw[(lid * 8u) + i] * 3u) + (lk[(lid * 8u) + i] * 5u) + (m[i / 4u][i % 4u] * 7u) + (pv[(gid * 8u) + i] * 11u); // keep
  for (uint i = 0u; i < 4u; i++) ck = (ck * 31u) + as_uint(fa[i]) + (as_uint(lf[(lid * 4u) + i]) * 3u); // keep
  out[gid] = ck; // keep
}
