// OpenCL atomic library functions from opencl-c.h (emitted as calls, the
// driver implements them): 2.0 atomic_* on generic atomic_int pointers into
// global and local memory, and 1.x atomic_add/atomic_inc/atomic_max on the
// named pointers returned by to_global/to_local.

kernel void atomic_builtin_calls(global int *in, global int *acc, global int *out,
                                 local int *lc) {
  size_t lid = get_local_id(0), gid = get_global_id(0), grp = get_group_id(0);
  if (lid == 0) {
    lc[0] = 0;
    lc[1] = 0;
    lc[2] = -1;
    lc[3] = 0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  int v = in[gid];
  atomic_int *g = (atomic_int *)acc;
  atomic_int *l = (atomic_int *)lc;
  atomic_fetch_add_explicit(g + 0, v, memory_order_relaxed);
  atomic_fetch_add(l + 0, v);
  atomic_fetch_max_explicit(g + 1, v, memory_order_relaxed);
  atomic_fetch_sub_explicit(l + 1, 2 * v, memory_order_relaxed);
  int e = -1;
  int won = atomic_compare_exchange_strong(l + 2, &e, (int)lid);
  atomic_fetch_add(l + 3, won);

  volatile int *gen_g = (volatile int *)(acc + 2);
  volatile int *gen_l = (volatile int *)(lc + 3);
  atomic_add(to_global(gen_g), v & 15);
  atomic_inc(to_global((volatile int *)(acc + 3)));
  atomic_max(to_global((volatile int *)(acc + 4)), v);
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_inc(to_local(gen_l));          // lc[3] += 1 per work-item
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0) {
    out[grp * 4 + 0] = lc[0];
    out[grp * 4 + 1] = lc[1];
    out[grp * 4 + 2] = lc[2] >= 0;
    out[grp * 4 + 3] = lc[3];
  }
}
