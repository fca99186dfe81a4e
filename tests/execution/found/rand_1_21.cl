// Found by scripts/differential.sh --seed 1 (program 21; regenerate with
// gas-generate --seed 1 --start 21 --count 1 --out DIR; the generator of the time, before the 150-line limit:
// today's generator gives another program for that index).
// Fails: pipeline named, form inlined: processed IR does not build
// Run: tests/execution/run.sh --kernel-dir tests/execution/found --form inlined --library named --process "$PWD/target/debug/gas-opt --pipeline O2 --builtins named --named-atomics --emit llvm-ir" rand_1_21
// Reduced by gas-reduce from 65 to 19 lines.
// Cause: the atomic's pointer is select(local, pgp + k) where pgp's value is
// a block argument of the join after `c ? &pgp[6] : (uint *)pa`; propagate
// gave every pointer argument of a block the union of all the pointers the
// branches pass (private, local, global here), so the atomic may be
// "private", has no named overload, and stays a call of the generic
// atomic_load: undefined in the named library. Minimal IR: two phis in one
// block, A = phi(global, local), B = phi(global, global): both were
// "local or global". Fixed by the per-argument edges (Edge, aligned operand
// segments) in patterns/src/propagate/analysis.rs (uncommitted at the time):
// B resolves to global and this program PASSes.

global uint pv[256];
uint *pgp = pv;

kernel void rand_1_21(global const uint *in, global uint *out, global uint *gw, global float *gf, local uint *lw, global uint *cnt) {
  uint gid = (uint)get_global_id(0), lid = (uint)get_local_id(0), grp = (uint)get_group_id(0);
  uint ck = (0x663081cau ^ gid);
  uint pa[8], m[2][4];
  float fa[4];
  local uint lk[128];
  local float lf[64];
  for (uint i = 0u; i < 8u; i++) { pa[i] = in[((gid * 1u) + i) % 128u]; m[i / 4u][i % 4u] = in[((gid * 7u) + (i * 3u)) % 128u]; lw[(lid * 8u) + i] = in[((gid * 7u) + (i * 7u)) % 128u] ^ 0x55u; lk[(lid * 8u) + i] = (gid * 16u) + i; } // keep
  for (uint i = 0u; i < 4u; i++) { fa[i] = (float)((gid + i) % 8u) * 0.5f; lf[(lid * 4u) + i] = (float)(i * 3u) + 0.25f; } // keep
  ck = ((ck * 31u) + atomic_load(((volatile atomic_uint *)((((((uint)((((lw + (lid * 8u))[(lid % 8u)] & 8u) ? &pgp[((gid * 8u) + 6u)] : ((uint *)pa)) != &pgp[((gid * 8u) + 1u)])) % 5u) == 0u) ? ((uint *)(lw + (lid * 8u))) : (pgp + ((gid * 8u) + 5u))) + 2u))));
  for (uint i = 0u; i < 8u; i++) ck = (ck * 31u) + pa[i] + (lw[(lid * 8u) + i] * 3u) + (lk[(lid * 8u) + i] * 5u) + (m[i / 4u][i % 4u] * 7u) + (pv[(gid * 8u) + i] * 11u); // keep
  for (uint i = 0u; i < 4u; i++) ck = (ck * 31u) + as_uint(fa[i]) + (as_uint(lf[(lid * 4u) + i]) * 3u); // keep
  out[gid] = ck; // keep
}
