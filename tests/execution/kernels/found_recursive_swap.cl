// Found by the random differential run (scripts/differential.sh --seed 1,
// program 24; tests/execution/found/rand_1_24.cl, minimized by hand). A
// noinline recursion swaps its two generic pointers at every level; the
// kernel calls it once with (private, private-or-local) and once with
// (global-or-private, private). propagate clones h for both calls; a later
// round redirected each clone's recursive call to the other clone, after
// the first round had already narrowed the clones' dispatches for the
// kernel's calls alone: a local pointer was accessed as global. Clones are
// now narrowed once, from the final call graph.
__attribute__((noinline)) uint h(uint *p, uint *q, uint d) {
  if (d == 0u)
    return p[0] ^ (q[0] * 3u);
  uint y = h(q, p + 1u, d - 1u);
  p[0] += y;
  return y * 7u;
}

kernel void found_recursive_swap(global const uint *in, global uint *out, global uint *g, local uint *l) {
  uint gid = (uint)get_global_id(0), lid = (uint)get_local_id(0);
  uint pa[4], pb[4];
  for (uint i = 0u; i < 4u; i++) { pa[i] = in[(gid + i) % 16u]; pb[i] = i; l[lid * 4u + i] = in[(gid * 3u + i) % 16u]; }
  uint r = h(pb, (in[gid % 16u] & 8u) ? (uint *)pa : (uint *)(l + lid * 4u), gid % 2u);
  uint s = h((pb[1] & 8u) ? (uint *)(g + gid * 4u) : (uint *)(pa + 2u), pa, gid % 2u);
  out[gid] = r + s + pa[0] + pa[1] + l[lid * 4u] + l[lid * 4u + 1u] + pb[0] + pb[1];
}
