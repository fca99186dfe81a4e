// Mutual recursion (od <-> ev, noinline) through generic pointers of every
// space, swapping them at each level. propagate must treat the cycle as one:
// a clone for one call site may not resolve an access the other half
// reaches with another space.
__attribute__((noinline)) uint ev(uint *p, uint *q, uint d);
__attribute__((noinline)) uint od(uint *p, uint *q, uint d) {
  if (d == 0u) return p[0] + q[1];
  q[0] += d;
  return ev(q, p + 1u, d - 1u) * 3u + p[0];
}
__attribute__((noinline)) uint ev(uint *p, uint *q, uint d) {
  if (d == 0u) return p[1] ^ q[0];
  p[1] += q[0];
  return od(p + 1u, q, d - 1u) + 7u;
}
kernel void mutual_recursion_swap(global const uint *in, global uint *out, global uint *g, local uint *l) {
  uint gid = (uint)get_global_id(0), lid = (uint)get_local_id(0);
  uint pa[8];
  for (uint i = 0u; i < 8u; i++) { pa[i] = in[(gid + i) % 16u]; l[lid * 8u + i] = i + gid; g[gid * 8u + i] = i; }
  uint r = od(pa, (in[gid] & 1u) ? (uint *)(l + lid * 8u) : (uint *)(g + gid * 8u), 3u);
  uint s = ev((in[gid] & 2u) ? (uint *)(pa + 2u) : (uint *)(l + lid * 8u + 1u), pa + 4u, 4u);
  uint ck = r * 31u + s;
  for (uint i = 0u; i < 8u; i++) ck = ck * 31u + pa[i] + l[lid * 8u + i];
  out[gid] = ck;
}
