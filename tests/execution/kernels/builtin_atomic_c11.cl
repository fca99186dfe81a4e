// The C11 atomic functions of opencl-c.h (calls, not the __opencl_atomic_*
// builtins) on generic atomic_int / atomic_uint pointers known at compile
// time to point into a global buffer or a kernel-scope __local array:
// atomic_init, store/load/exchange (plain and _explicit with order, and with
// order and scope), fetch_add/sub/or/xor/and/min/max, compare_exchange
// strong/weak (with `expected` in private, local and global memory),
// atomic_flag test_and_set/clear. Only order-independent results are kept
// (sums, min/max, or/and/xor of per-item bits, the number of CAS/flag
// winners, values exchanged in per-item slots), so the output is
// deterministic.

kernel void builtin_atomic_c11(global const int *in, global int *gacc, global uint *gbits,
                               global int *slots, global int *out) {
  local atomic_int lacc[6];
  local atomic_uint lbits[3];
  local atomic_flag lflag;
  local int lexp[8];
  size_t gid = get_global_id(0), lid = get_local_id(0), grp = get_group_id(0);
  int v = in[gid];
  if (lid == 0) {
    atomic_init(&lacc[0], 0);
    atomic_init(&lacc[1], 1000);
    atomic_init(&lacc[2], 1 << 30);
    atomic_init(&lacc[3], -(1 << 30));
    atomic_init(&lacc[4], 0);
    atomic_init(&lacc[5], 0);
    atomic_init(&lbits[0], 0u);
    atomic_init(&lbits[1], 0xffffffffu);
    atomic_init(&lbits[2], 0u);
    atomic_flag_clear(&lflag);
  }
  lexp[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);

  // global accumulators (all work-groups)
  volatile global atomic_int *g = (volatile global atomic_int *)gacc;
  volatile global atomic_uint *gb = (volatile global atomic_uint *)gbits;
  atomic_fetch_add_explicit(&g[0], v, memory_order_relaxed);
  atomic_fetch_sub_explicit(&g[1], v, memory_order_relaxed, memory_scope_device);
  atomic_fetch_min(&g[2], v);
  atomic_fetch_max_explicit(&g[3], v, memory_order_acq_rel);
  atomic_fetch_add(&g[4], 1);
  atomic_fetch_or_explicit(&gb[0], 1u << (v & 31), memory_order_relaxed);
  atomic_fetch_xor(&gb[1], (uint)v * 2654435761u);
  atomic_fetch_and_explicit(&gb[2], ~(1u << (gid & 31)), memory_order_relaxed, memory_scope_device);
  atomic_fetch_min_explicit(&gb[3], (uint)v + 7u, memory_order_relaxed);
  atomic_fetch_max(&gb[4], (uint)v * 3u);

  // local accumulators (this work-group)
  atomic_fetch_add(&lacc[0], v);
  atomic_fetch_sub_explicit(&lacc[1], v, memory_order_relaxed);
  atomic_fetch_min_explicit(&lacc[2], v, memory_order_relaxed, memory_scope_work_group);
  atomic_fetch_max(&lacc[3], v);
  atomic_fetch_or(&lbits[0], 1u << (lid * 3));
  atomic_fetch_and_explicit(&lbits[1], ~(1u << (v & 31)), memory_order_relaxed);
  atomic_fetch_xor_explicit(&lbits[2], (uint)v, memory_order_relaxed, memory_scope_work_group);

  // per-item slots: store / exchange / load
  volatile global atomic_int *s = (volatile global atomic_int *)slots + gid * 4;
  atomic_store(&s[0], v * 2);
  int old = atomic_exchange_explicit(&s[0], v + 1, memory_order_acq_rel);
  atomic_store_explicit(&s[1], old, memory_order_release, memory_scope_device);
  int got = atomic_load_explicit(&s[1], memory_order_acquire);
  int ex = atomic_exchange(&s[2], got - 5);
  atomic_store_explicit(&s[3], ex + atomic_load(&s[2]), memory_order_relaxed);
  int ex2 = atomic_exchange_explicit(&lacc[5], (int)lid, memory_order_relaxed, memory_scope_work_group);
  (void)ex2; // racy value, not kept

  // compare-exchange: CAS-loop sum (expected private), one winner per group
  // (expected local), a strong CAS with expected in global memory
  int e = atomic_load(&lacc[4]);
  while (!atomic_compare_exchange_weak_explicit(&lacc[4], &e, e + v, memory_order_relaxed,
                                                memory_order_relaxed))
    ;
  // single winner over the launch: g[5] 0 -> 42; the losers' expected
  // (local) become 42, so only the counts are kept
  int won = atomic_compare_exchange_strong(&g[5], &lexp[lid], 42);
  atomic_fetch_add(&g[7], won);
  atomic_fetch_add(&g[8], lexp[lid]); // 42 * (number of losers)
  // expected in a global slot: s[1] holds 2 * v, odd items expect exactly that
  slots[128 + gid] = (gid & 1) ? v * 2 : -1;
  bool ok = atomic_compare_exchange_strong_explicit(&s[1], (global int *)&slots[128 + gid], 7,
                                                     memory_order_relaxed, memory_order_relaxed,
                                                     memory_scope_device);
  out[gid * 4 + 0] = ok;
  out[gid * 4 + 1] = atomic_load(&s[1]);
  out[gid * 4 + 2] = atomic_load_explicit(&s[0], memory_order_relaxed);
  out[gid * 4 + 3] = got;
  // atomic_flag: one winner per group
  if (!atomic_flag_test_and_set_explicit(&lflag, memory_order_relaxed))
    atomic_fetch_add_explicit(&g[6], 1, memory_order_relaxed);

  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0) {
    out[128 + grp * 8 + 0] = atomic_load(&lacc[0]);
    out[128 + grp * 8 + 1] = atomic_load_explicit(&lacc[1], memory_order_relaxed);
    out[128 + grp * 8 + 2] = atomic_load_explicit(&lacc[2], memory_order_relaxed, memory_scope_work_group);
    out[128 + grp * 8 + 3] = atomic_load(&lacc[3]);
    out[128 + grp * 8 + 4] = atomic_load(&lacc[4]);
    out[128 + grp * 8 + 5] = (int)atomic_load(&lbits[0]);
    out[128 + grp * 8 + 6] = (int)atomic_load(&lbits[1]);
    out[128 + grp * 8 + 7] = (int)atomic_load(&lbits[2]);
    atomic_flag_clear_explicit(&lflag, memory_order_relaxed, memory_scope_work_group);
  }
}
