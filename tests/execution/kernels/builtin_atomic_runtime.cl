// C11 atomic functions on generic atomic pointers known only at run time: a
// select between a local and a global counter by get_local_id parity, noinline
// helpers called with global and local counters (and private or local
// `expected` cells), a pointer chosen by input data, and the results of
// to_global / to_local on a generic pointer passed on to the atomics.

__attribute__((noinline)) void bump(volatile atomic_int *c, int v) {
  atomic_fetch_add_explicit(c, v, memory_order_relaxed);
  atomic_fetch_max_explicit(c + 1, v, memory_order_relaxed, memory_scope_work_group);
}

__attribute__((noinline)) void cas_add(volatile atomic_int *c, int *expected, int v) {
  *expected = atomic_load_explicit(c, memory_order_relaxed);
  while (!atomic_compare_exchange_weak(c, expected, *expected + v))
    ;
}

__attribute__((noinline)) uint mark(volatile atomic_uint *bits, uint b) {
  return atomic_fetch_or(bits, b) & 0u; // the old value is racy: only the final bits count
}

kernel void builtin_atomic_runtime(global const int *in, global int *gacc, global uint *gbits,
                                   global int *out, local int *lacc_arg) {
  local atomic_int lacc[9];
  local atomic_uint lbits[2];
  local int lexp[8];
  size_t gid = get_global_id(0), lid = get_local_id(0), grp = get_group_id(0);
  int v = in[gid];
  if (lid == 0) {
    for (int k = 0; k < 9; k++)
      atomic_init(&lacc[k], 0);
    atomic_init(&lbits[0], 0u);
    atomic_init(&lbits[1], 0u);
  }
  lacc_arg[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);

  volatile global atomic_int *g = (volatile global atomic_int *)gacc;
  // local or global by parity
  volatile atomic_int *c = (lid & 1) ? (volatile atomic_int *)&lacc[0] : (volatile atomic_int *)&g[0];
  atomic_fetch_add(c, v);
  atomic_fetch_sub_explicit(c + 1, v & 7, memory_order_relaxed);
  atomic_fetch_min(c + 2, v);

  // helpers with both spaces
  bump(&g[3], v);
  bump(&lacc[3], v * 2);
  int pe;
  cas_add(&g[5], &pe, v);           // expected private
  cas_add(&lacc[5], &lexp[lid], 1); // expected local
  mark((volatile global atomic_uint *)gbits + (gid & 1), 1u << (v & 31));
  mark(&lbits[0], 1u << lid);

  // chosen by data: global, kernel-scope local, or the __local argument
  int k = v % 3;
  volatile atomic_int *d = k == 0 ? (volatile atomic_int *)&g[6]
                           : k == 1 ? (volatile atomic_int *)&lacc[6]
                                    : (volatile atomic_int *)lacc_arg;
  atomic_fetch_add_explicit(d, 1, memory_order_relaxed, memory_scope_work_group);
  atomic_fetch_xor(d + 1, v);

  // to_global / to_local on a generic pointer, the named result passed on
  volatile atomic_int *u = (gid % 3 == 0) ? (volatile atomic_int *)&lacc[8] : (volatile atomic_int *)&g[8];
  volatile global atomic_int *ug = to_global(u);
  volatile local atomic_int *ul = to_local(u);
  if (ug)
    atomic_fetch_add(ug, v);
  if (ul)
    atomic_fetch_add_explicit(ul, 2 * v, memory_order_relaxed);
  out[gid] = (ug != 0) + 2 * (ul != 0);

  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0) {
    global int *o = out + 64 + grp * 12;
    o[0] = atomic_load(&lacc[0]);
    o[1] = atomic_load(&lacc[1]);
    o[2] = atomic_load(&lacc[2]);
    o[3] = atomic_load(&lacc[3]);
    o[4] = atomic_load(&lacc[4]);
    o[5] = atomic_load(&lacc[5]);
    o[6] = atomic_load(&lacc[6]);
    o[7] = atomic_load(&lacc[7]);
    o[8] = atomic_load(&lacc[8]) + (int)atomic_load(&lbits[0]) * 10000;
    o[9] = lacc_arg[0];
    o[10] = lacc_arg[1];
    int s = 0;
    for (int j = 0; j < 8; j++)
      s += lexp[j] > 0; // exactly one item saw 0
    o[11] = s;
  }
  out[32 + gid] = k; // (pe, the CAS loop's last expected value, is racy)
}
