// Found by scripts/differential.sh --seed 1 (program 18; regenerate with
// gas-generate --seed 1 --start 18 --count 1 --out DIR).
// Fails: pipeline named, form unoptimized: processed IR does not build (undefined reference to `atomic_exchange(unsigned)
// Run: tests/execution/run.sh --kernel-dir tests/execution/found --form unoptimized --library named --process "$PWD/target/debug/gas-opt --pipeline O2 --builtins named --named-atomics --emit llvm-ir" rand_1_18
// Reduced by gas-reduce from 112 to 24 lines.
// Same limitation as rand_1_32: s1.p is loaded from the private struct s1,
// whose address is used where propagate cannot follow it (`s1.v` compared
// and selected as a generic pointer), so the loaded pointer may be of any
// space (--remarks: "pointer loaded ... from private memory ..., whose
// address is used where the analysis cannot follow it"); the atomic's
// object may be private, --named-atomics has no overload for that, and the
// generic atomic_exchange stays (undefined in the named library).

typedef struct {
  uint *p;
  uint k;
  uint v[4];
} S0;

kernel void rand_1_18(global const uint *in, global uint *out, global uint *gw, global float *gf, local uint *lw, global uint *cnt) {
  uint gid = (uint)get_global_id(0), lid = (uint)get_local_id(0), grp = (uint)get_group_id(0);
  uint ck = (0x2cac9d71u ^ gid);
  uint pa[8], m[2][4];
  float fa[4];
  local uint lk[64];
  local float lf[32];
  for (uint i = 0u; i < 8u; i++) { pa[i] = in[((gid * 8u) + i) % 256u]; m[i / 4u][i % 4u] = in[((gid * 1u) + (i * 3u)) % 256u]; lw[(lid * 8u) + i] = in[((gid * 5u) + (i * 7u)) % 256u] ^ 0x55u; lk[(lid * 8u) + i] = (gid * 16u) + i; } // keep
  for (uint i = 0u; i < 4u; i++) { fa[i] = (float)((gid + i) % 8u) * 0.5f; lf[(lid * 4u) + i] = (float)(i * 3u) + 0.25f; } // keep
  S0 s1 = {(lk + ((lid * 8u) + 3u)), (lk + (lid * 8u))[4u], {((lk + ((lid * 8u) + 7u))[0u] & m[0u][2u]), (5u & ((uint)((((*(lk + (lid * 8u)) % 5u) == 0u) ? ((uint *)(lk + (lid * 8u))) : ((uint *)(&pa[2u]))) != ((uint *)(&m[(lid % 2u)][2u]))))), (3u ^ (lw + (lid * 8u))[(lid % 8u)]), (gid + ((((gw + (gid * 8u))[4u] % 2u) == 0u) ? ((uint *)(pa + 2u)) : ((uint *)(&gw[((gid * 8u) + 4u)])))[(grp % 4u)])}};
  ck = ((ck * 31u) + atomic_exchange(((volatile atomic_uint *)((((((uint)((((s1.p[(grp % 2u)] % 4u) == 0u) ? s1.p : ((uint *)(s1.v))) != ((uint *)(s1.v)))) % 5u) == 0u) ? ((uint *)(&gw[((gid * 8u) + 4u)])) : s1.p) + 1u)), *s1.p));
  for (uint i = 0u; i < 8u; i++) ck = (ck * 31u) + pa[i] + (lw[(lid * 8u) + i] * 3u) + (lk[(lid * 8u) + i] * 5u) + (m[i / 4u][i % 4u] * 7u); // keep
  for (uint i = 0u; i < 4u; i++) ck = (ck * 31u) + as_uint(fa[i]) + (as_uint(lf[(lid * 4u) + i]) * 3u); // keep
  out[gid] = ck; // keep
}
