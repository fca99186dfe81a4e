// Atomic read-modify-write operations (clang builtins -> native atomicrmw)
// through generic pointers into global memory. Only order-independent
// results are stored: final counter values, per-item exchanges, the sum of
// fetch_add tickets.

kernel void atomic_global(global int *in, global int *cnt, global uint *bits,
                          global int *out) {
  size_t gid = get_global_id(0);
  atomic_int *c = (atomic_int *)cnt;       // generic
  atomic_uint *b = (atomic_uint *)bits;    // generic
  int v = in[gid];
  __opencl_atomic_fetch_add(c + 0, v, memory_order_relaxed, memory_scope_device);
  __opencl_atomic_fetch_sub(c + 1, (int)gid, memory_order_relaxed, memory_scope_device);
  __opencl_atomic_fetch_max(c + 2, v, memory_order_relaxed, memory_scope_device);
  __opencl_atomic_fetch_min(c + 3, v, memory_order_relaxed, memory_scope_device);
  int ticket = __opencl_atomic_fetch_add(c + 4, 1, memory_order_acq_rel, memory_scope_device);
  __opencl_atomic_fetch_add(c + 5, ticket, memory_order_relaxed, memory_scope_device);
  __opencl_atomic_fetch_or(b + (gid / 32), 1u << (gid % 32), memory_order_relaxed, memory_scope_device);
  __opencl_atomic_fetch_xor(b + 2, (uint)v * 2654435761u, memory_order_relaxed, memory_scope_device);
  __opencl_atomic_fetch_and(b + 3, ~(1u << (v % 32)), memory_order_relaxed, memory_scope_device);
  // per-item slot: exchange returns the initial value deterministically
  atomic_int *slot = (atomic_int *)(out + gid);
  int old = __opencl_atomic_exchange(slot, v * 3, memory_order_seq_cst, memory_scope_device);
  __opencl_atomic_store(slot, __opencl_atomic_load(slot, memory_order_relaxed, memory_scope_device) + old,
                        memory_order_relaxed, memory_scope_device);
}
