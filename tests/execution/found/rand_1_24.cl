// Found by scripts/differential.sh --seed 1 (program 24; regenerate with
// gas-generate --seed 1 --start 24 --count 1 --out DIR; the generator of the time, before the recursion-depth fix:
// today's generator gives another program for that index).
// Fails: pipeline O2, form inlined: processed kernel run failed (exit 3) (ADDRESS-SPACE VIOLATION: access through addrspace(1) to 0x56271089c520, which is local memory)
// Also fails: pipeline O2, form unoptimized: processed kernel run failed (exit 3) (ADDRESS-SPACE VIOLATION: access through addrspace(1) to 0x556921085520, which is local memory)
// Also fails: pipeline raise,propagate,lower, form inlined: processed kernel run failed (exit 3) (ADDRESS-SPACE VIOLATION: access through addrspace(3) to 0x556b03b4f428, which is global memory)
// Also fails: pipeline raise,propagate,lower, form unoptimized: processed kernel run failed (exit 3) (ADDRESS-SPACE VIOLATION: access through addrspace(3) to 0x5592fcbe9428, which is global memory)
// Also fails: pipeline raise,async-copy-simplify,static-global,private-branch-elision,builtin-calls,propagate,explicit-cast-tags,lower, form inlined: processed kernel run failed (exit 3) (ADDRESS-SPACE VIOLATION: access through addrspace(3) to 0x55c848ea5428, which is global memory)
// Also fails: pipeline raise,async-copy-simplify,static-global,private-branch-elision,builtin-calls,propagate,explicit-cast-tags,lower, form unoptimized: processed kernel run failed (exit 3) (ADDRESS-SPACE VIOLATION: access through addrspace(1) to 0x4000564018e34520, which is in no address spac)
// Also fails: pipeline named, form inlined: processed kernel run failed (exit 3) (ADDRESS-SPACE VIOLATION: access through addrspace(1) to 0x55d677dc6560, which is local memory)
// Also fails: pipeline named, form unoptimized: processed kernel run failed (exit 3) (ADDRESS-SPACE VIOLATION: access through addrspace(1) to 0x561ef3eff560, which is local memory)
// Run: tests/execution/run.sh --kernel-dir tests/execution/found --form inlined --process "$PWD/target/debug/gas-opt --pipeline O2 --emit llvm-ir" rand_1_24
// Reduced by gas-reduce from 128 to 31 lines.
// Wrong spaces, also on commit a57f7b6 (without the uncommitted work): the
// recursive helper h1 swaps its generic pointers at every level and is
// called with (private, private-or-local) and (global-or-private, private);
// propagate's clones resolve an access of a clone to a space its recursive
// call does not respect. 17-line version: rand_1_24_min.cl.

global uint pv[512];
uint *pgp = pv;

__attribute__((noinline)) uint h1(uint *p, uint *q, uint d) {
  uint r = (d ^ d);
  if (d == 0u) {
    return ((p[0u] ^ (q[0u] * 3u)) + r);
  }
  uint y = h1(q, (p + 1u), (d - 1u));
  p[0u] += y;
  return ((y * 7u) + r);
}

kernel void rand_1_24(global const uint *in, global uint *out, global uint *gw, global float *gf, local uint *lw, global uint *cnt) {
  uint gid = (uint)get_global_id(0), lid = (uint)get_local_id(0), grp = (uint)get_group_id(0);
  uint ck = (0x81e344eau ^ gid);
  uint pa[8], m[2][4];
  float fa[4];
  local uint lk[64];
  local float lf[32];
  for (uint i = 0u; i < 8u; i++) { pa[i] = in[((gid * 5u) + i) % 256u]; m[i / 4u][i % 4u] = in[((gid * 7u) + (i * 3u)) % 256u]; lw[(lid * 8u) + i] = in[((gid * 7u) + (i * 7u)) % 256u] ^ 0x55u; lk[(lid * 8u) + i] = (gid * 16u) + i; } // keep
  for (uint i = 0u; i < 4u; i++) { fa[i] = (float)((gid + i) % 8u) * 0.5f; lf[(lid * 4u) + i] = (float)(i * 3u) + 0.25f; } // keep
  uint v1 = h1((m[0u] + 2u), ((m[0u][(in[(((gid * 9u) + 12u) % 256u)] % 4u)] & 8u) ? ((uint *)pa) : ((uint *)(&lw[(lid * 8u)]))), (lid % 2u));
  uint v19 = h1((((m[0u] + 1u)[0u] & 8u) ? ((uint *)(&gw[((gid * 8u) + 1u)])) : ((uint *)(pa + 6u))), (((((uint)(((uint *)(lk + (lid * 8u))) != &pgp[(gid * 8u)])) % 2u) == 0u) ? ((uint *)(&pa[0u])) : ((uint *)(&m[(19u % 2u)][2u]))), (gid % 2u));
  for (uint i = 0u; i < 8u; i++) ck = (ck * 31u) + pa[i] + (lw[(lid * 8u) + i] * 3u) + (lk[(lid * 8u) + i] * 5u) + (m[i / 4u][i % 4u] * 7u) + (pv[(gid * 8u) + i] * 11u); // keep
  for (uint i = 0u; i < 4u; i++) ck = (ck * 31u) + as_uint(fa[i]) + (as_uint(lf[(lid * 4u) + i]) * 3u); // keep
  out[gid] = ck; // keep
}
