// rand_1_24 (see rand_1_24.cl) minimized by hand: a noinline recursion that
// swaps its two generic pointers at every level, called once with
// (private, private-or-local) and once with (global-or-private, private).
// Fails on commit a57f7b6 and on the working tree after it:
// raise,propagate,lower (and O2) give
//   ADDRESS-SPACE VIOLATION: access through addrspace(1) to 0x4000..., which
//   is in no address space (a tagged pointer accessed as global)
// propagate --stats: "2 clone(s) for 4 call(s)"; --remarks=all shows a clone
// whose `p` is resolved to private while its recursive call passes it `q`
// (private or local): the recursive call inside a clone goes to a clone
// made for other spaces (or to itself) instead of one for (q, p + 1)'s.
// Run: tests/execution/run.sh --kernel-dir tests/execution/found --process "$PWD/target/debug/gas-opt --pipeline raise,propagate,lower --emit llvm-ir" rand_1_24_min

__attribute__((noinline)) uint h(uint *p, uint *q, uint d) {
  if (d == 0u)
    return p[0] ^ (q[0] * 3u);
  uint y = h(q, p + 1u, d - 1u);
  p[0] += y;
  return y * 7u;
}

kernel void rand_1_24_min(global const uint *in, global uint *out, global uint *g, local uint *l) {
  uint gid = (uint)get_global_id(0), lid = (uint)get_local_id(0);
  uint pa[4], pb[4];
  for (uint i = 0u; i < 4u; i++) { pa[i] = in[(gid + i) % 16u]; pb[i] = i; l[lid * 4u + i] = in[(gid * 3u + i) % 16u]; }
  uint r = h(pb, (in[gid % 16u] & 8u) ? (uint *)pa : (uint *)(l + lid * 4u), gid % 2u);
  uint s = h((pb[1] & 8u) ? (uint *)(g + gid * 4u) : (uint *)(pa + 2u), pa, gid % 2u);
  out[gid] = r + s + pa[0] + pa[1] + l[lid * 4u] + l[lid * 4u + 1u] + pb[0] + pb[1];
}
