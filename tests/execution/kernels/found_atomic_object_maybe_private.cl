// Found by the random differential run (found/rand_1_18, rand_1_32 and
// rand_11_5). An atomic's object pointer is loaded from a private table of
// pointers whose address escapes to a call, so the analysis cannot follow
// the table's contents: the pointer may be private as far as it knows. With
// --builtins named --named-atomics the atomic stayed generic, and the
// named-only library (like OpenCL 3.0's, no atomic overloads for private
// objects) did not link. An atomic on an object in private memory is
// undefined (OpenCL C 2.0 s6.13.11), so the object's dispatch now tests
// local and global only; compare-exchange's `expected` may still be private.

__attribute__((noinline)) void fill(uint **t, uint x) {
  t[x % 2u][1] = x * 3u;
}

kernel void found_atomic_object_maybe_private(global uint *g, global uint *out,
                                              local uint *l) {
  uint gid = (uint)get_global_id(0), lid = (uint)get_local_id(0);
  l[lid * 2u] = lid + 100u;
  l[lid * 2u + 1u] = 0u;
  uint *t[2] = {&l[lid * 2u], &g[gid * 2u]};
  fill(t, gid);
  volatile atomic_uint *object = (volatile atomic_uint *)t[gid % 2u];
  uint before = atomic_fetch_add_explicit(object, gid + 1u, memory_order_relaxed);
  uint expected = before + gid + 1u;
  volatile atomic_uint *other = (volatile atomic_uint *)t[(gid + 1u) % 2u];
  uint swapped = atomic_compare_exchange_strong_explicit(
      other, &expected, 7u, memory_order_relaxed, memory_order_relaxed);
  uint now = atomic_load_explicit(object, memory_order_relaxed);
  out[gid * 4u] = before;
  out[gid * 4u + 1u] = expected;
  out[gid * 4u + 2u] = swapped;
  out[gid * 4u + 3u] = now + l[lid * 2u] + l[lid * 2u + 1u];
}
