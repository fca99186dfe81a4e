// Atomics through generic pointers into local memory: a per-group histogram
// in a __local buffer argument and a kernel-scope __local counter, updated
// by one helper that is also used on a global histogram.

void hist_add(atomic_int *h, int bin, int w) {
  __opencl_atomic_fetch_add(h + bin, w, memory_order_relaxed, memory_scope_work_group);
}

kernel void atomic_local(global int *in, global int *ghist, global int *out,
                         local atomic_int *hist) {
  local atomic_int total;
  size_t lid = get_local_id(0), gid = get_global_id(0), ls = get_local_size(0);
  size_t grp = get_group_id(0);
  for (size_t i = lid; i < 16; i += ls)
    __opencl_atomic_store(hist + i, 0, memory_order_relaxed, memory_scope_work_group);
  if (lid == 0)
    __opencl_atomic_store(&total, 0, memory_order_relaxed, memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);

  atomic_int *lh = (atomic_int *)hist;
  atomic_int *tot = (atomic_int *)&total;
  for (int k = 0; k < 4; k++) {
    int v = in[gid * 4 + k];
    hist_add(lh, v % 16, 1);
    hist_add((atomic_int *)ghist, v % 16, 1);
    __opencl_atomic_fetch_add(tot, v, memory_order_relaxed, memory_scope_work_group);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t i = lid; i < 16; i += ls)
    out[grp * 17 + i] = __opencl_atomic_load(lh + i, memory_order_relaxed, memory_scope_work_group);
  if (lid == 0)
    out[grp * 17 + 16] = __opencl_atomic_load(tot, memory_order_relaxed, memory_scope_work_group);
}
