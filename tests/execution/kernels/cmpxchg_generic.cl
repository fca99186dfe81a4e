// Compare-exchange through generic pointers on global and local memory:
// CAS loops implementing max and multiply (order-independent results), and a
// single-winner CAS whose number of winners is counted.

int cas_max(atomic_int *p, int v) {
  int old = __opencl_atomic_load(p, memory_order_relaxed, memory_scope_device);
  while (old < v &&
         !__opencl_atomic_compare_exchange_strong(p, &old, v, memory_order_relaxed,
                                                  memory_order_relaxed, memory_scope_device))
    ;
  return old < v;
}

void cas_mul(atomic_int *p, int m) {
  int old = __opencl_atomic_load(p, memory_order_relaxed, memory_scope_device);
  while (!__opencl_atomic_compare_exchange_weak(p, &old, (int)((uint)old * (uint)m), memory_order_relaxed,
                                                memory_order_relaxed, memory_scope_device))
    ;
}

int try_claim(atomic_int *flag, int id) {
  int expected = 0;
  return __opencl_atomic_compare_exchange_strong(flag, &expected, id + 1, memory_order_acq_rel,
                                                 memory_order_relaxed, memory_scope_device);
}

kernel void cmpxchg_generic(global int *in, global int *gacc, global int *out,
                            local int *lacc) {
  size_t lid = get_local_id(0), gid = get_global_id(0), grp = get_group_id(0);
  atomic_int *la = (atomic_int *)lacc;
  atomic_int *ga = (atomic_int *)gacc;
  if (lid == 0) {
    __opencl_atomic_store(la + 0, -1000000, memory_order_relaxed, memory_scope_work_group);
    __opencl_atomic_store(la + 1, 1, memory_order_relaxed, memory_scope_work_group);
    __opencl_atomic_store(la + 2, 0, memory_order_relaxed, memory_scope_work_group);
    __opencl_atomic_store(la + 3, 0, memory_order_relaxed, memory_scope_work_group);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  int v = in[gid];
  cas_max(la + 0, v);
  cas_max(ga + 0, v);
  cas_mul(la + 1, v | 1);
  cas_mul(ga + 1, (v & 7) + 1);
  int won_l = try_claim(la + 2, (int)lid);
  int won_g = try_claim(ga + 2 + (gid % 2), 0); // stores 1: the winner stays anonymous
  __opencl_atomic_fetch_add(la + 3, won_l, memory_order_relaxed, memory_scope_work_group);
  __opencl_atomic_fetch_add(ga + 4, won_g, memory_order_relaxed, memory_scope_device);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0) {
    out[grp * 4 + 0] = __opencl_atomic_load(la + 0, memory_order_relaxed, memory_scope_work_group);
    out[grp * 4 + 1] = __opencl_atomic_load(la + 1, memory_order_relaxed, memory_scope_work_group);
    out[grp * 4 + 2] = __opencl_atomic_load(la + 2, memory_order_relaxed, memory_scope_work_group) != 0;
    out[grp * 4 + 3] = __opencl_atomic_load(la + 3, memory_order_relaxed, memory_scope_work_group);
  }
}
