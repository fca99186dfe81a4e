// Found by the random differential run (scripts/differential.sh --seed 1,
// program 21, reduced; tests/execution/found/rand_1_21.cl). At -O2 clang
// turns the two selects into phis of one join block: one argument receives
// a private or a global pointer (only compared), another the global pointer
// loaded from the program-scope variable pgp, which feeds the atomic. gas
// merged every branch operand into every block argument, took the atomic's
// pointer for possibly private, and with --builtins named --named-atomics
// left atomic_load generic: the named-only library has no such overload
// (link error). Each argument now receives what its position is passed.
global uint pv[256];
uint *pgp = pv;

kernel void found_phi_argument_positions(global const uint *in, global uint *out, global uint *gw, global float *gf, local uint *lw, global uint *cnt) {
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
