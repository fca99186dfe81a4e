// Found by scripts/differential.sh --seed 1 (program 32; regenerate with
// gas-generate --seed 1 --start 32 --count 1 --out DIR).
// Fails: pipeline named, form unoptimized: processed IR does not build (undefined reference to `atomic_load(unsigned)
// Run: tests/execution/run.sh --kernel-dir tests/execution/found --form unoptimized --library named --process "$PWD/target/debug/gas-opt --pipeline O2 --builtins named --named-atomics --emit llvm-ir" rand_1_32
// Reduced by gas-reduce from 114 to 26 lines.
// Also on commit a57f7b6 and with the per-argument edges. Cause: p12 is
// loaded from the private pointer table t10, which escapes to h0 (a
// `uint **` parameter), so propagate takes the loaded pointer for one of any
// space ("a pointer loaded from private memory that escapes to a call"). The
// atomic's object may then be private, for which --named-atomics has no
// overload, and the generic atomic_load stays: the named library does not
// link. (In the inlined form clang forwards the stored value and the program
// PASSes.) Atomics on private memory are undefined in OpenCL 2.0, so a
// named-atomics rewrite could dispatch between global and local only.

global uint pv[256];

uint h0(uint **t, uint x) {
  uint r = (x ^ x);
  return r;
}

kernel void rand_1_32(global const uint *in, global uint *out, global uint *gw, global float *gf, local uint *lw, global uint *cnt) {
  uint gid = (uint)get_global_id(0), lid = (uint)get_local_id(0), grp = (uint)get_group_id(0);
  uint ck = (0x2142c3b7u ^ gid);
  uint pa[8], m[2][4];
  float fa[4];
  local uint lk[128];
  local float lf[64];
  for (uint i = 0u; i < 8u; i++) { pa[i] = in[((gid * 6u) + i) % 128u]; m[i / 4u][i % 4u] = in[((gid * 8u) + (i * 3u)) % 128u]; lw[(lid * 8u) + i] = in[((gid * 8u) + (i * 7u)) % 128u] ^ 0x55u; lk[(lid * 8u) + i] = (gid * 16u) + i; } // keep
  for (uint i = 0u; i < 4u; i++) { fa[i] = (float)((gid + i) % 8u) * 0.5f; lf[(lid * 4u) + i] = (float)(i * 3u) + 0.25f; } // keep
  uint *t9[2] = {(pv + ((gid * 8u) + 5u)), m[(grp % 2u)]};
  uint *t10[2] = {((*(&m[(19u % 2u)][2u]) == t9[(in[(lid % 128u)] % 2u)][(11u % 2u)]) ? ((uint *)(gw + ((gid * 8u) + 4u))) : ((uint *)(&gw[((gid * 8u) + 4u)]))), &gw[(gid * 8u)]};
  uint *p12 = t10[(16u % 2u)];
  ck = ((ck * 31u) + h0(t10, (*p12 + as_uint((&gf[((gid * 4u) + 3u)])[0u]))));
    uint x16 = atomic_load(((volatile atomic_uint *)(p12 + 1u)));
  for (uint i = 0u; i < 8u; i++) ck = (ck * 31u) + pa[i] + (lw[(lid * 8u) + i] * 3u) + (lk[(lid * 8u) + i] * 5u) + (m[i / 4u][i % 4u] * 7u) + (pv[(gid * 8u) + i] * 11u); // keep
  for (uint i = 0u; i < 4u; i++) ck = (ck * 31u) + as_uint(fa[i]) + (as_uint(lf[(lid * 4u) + i]) * 3u); // keep
  out[gid] = ck; // keep
}
