// Mutual recursion (od <-> ev, noinline) through generic pointers of every
// space, swapping them at each level; od moves its pointer on through an
// integer ((uintptr_t)p + 4: propagate reads inttoptr(ptrtoint(p) + c) as a
// GEP of p, since the tag in the top bits survives). Without that the
// recursion's partial clones called the originals back and gas left twice
// InferAddressSpaces' dynamic accesses (resolution-report --check).
__attribute__((noinline)) uint ev(uint *p, uint *q, uint d);
__attribute__((noinline)) uint od(uint *p, uint *q, uint d) {
  if (d == 0u) return p[0] + q[1];
  q[0] += d;
  return ev(q, (uint *)((uintptr_t)p + 4), d - 1u) * 3u + p[0];
}
__attribute__((noinline)) uint ev(uint *p, uint *q, uint d) {
  if (d == 0u) return p[1] ^ q[0];
  p[1] += q[0];
  return od(p + 1u, q, d - 1u) + 7u;
}
kernel void mutual_recursion_address_arith(global const uint *in, global uint *out, global uint *g, local uint *l) {
  uint gid = (uint)get_global_id(0), lid = (uint)get_local_id(0);
  uint pa[8];
  for (uint i = 0u; i < 8u; i++) { pa[i] = in[(gid + i) % 16u]; l[lid * 8u + i] = i + gid; g[gid * 8u + i] = i; }
  uint r = od(pa, (in[gid] & 1u) ? (uint *)(l + lid * 8u) : (uint *)(g + gid * 8u), 3u);
  uint s = ev((in[gid] & 2u) ? (uint *)(pa + 2u) : (uint *)(l + lid * 8u + 1u), pa + 4u, 4u);
  uint ck = r * 31u + s;
  for (uint i = 0u; i < 8u; i++) ck = ck * 31u + pa[i] + l[lid * 8u + i];
  out[gid] = ck;
}
