// Helpers reading and writing through a generic pointer that may point to
// private or to global memory, shared by a kernel private-branch-elision
// can decide (private_in_global_copies) and by one it cannot, which calls
// enqueue_kernel, defined elsewhere (private_in_global_originals). The
// helpers are noinline, so both forms keep them shared: the first kernel
// gets its own copies (`shift.gas.private_in_global`, ...), whose accesses
// lost their private case (its private memory is in the global buffer and
// its private pointers carry no tag), and the second keeps the originals,
// whose switches still test the private tag its pointers carry. Each
// kernel's file runs it; the other is compiled into the same module but
// not run.

__attribute__((noinline)) int weigh(int *p, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += p[i] * (i + 1);
  return s;
}

__attribute__((noinline)) void shift(int *p, int n, int d) {
  for (int i = 0; i < n; i++)
    p[i] += d - i;
}

// Work-item `gid` owns out[8 * gid, 8 * gid + 8). Each kernel makes its
// private array and the pointer itself, so in both forms the pointers are
// tagged (or not) by the kernel's own decision.
void private_or_global(global int *out, size_t gid, int *p, int *priv) {
  shift(p, 4, (int)gid % 5 + 2);
  out[8 * gid + 4] = weigh(p, 4);
  out[8 * gid + 5] = weigh(priv, 4);
  out[8 * gid + 6] = priv[(gid + 1) % 4];
}

kernel void private_in_global_copies(global const int *in, global int *out) {
  size_t gid = get_global_id(0);
  int priv[4];
  for (int i = 0; i < 4; i++) {
    priv[i] = in[(gid + i) % 32] - i;
    out[8 * gid + i] = in[gid] + 3 * i;
  }
  int *p = (gid & 1) ? (int *)priv : (int *)(out + 8 * gid);
  private_or_global(out, gid, p, priv);
}

kernel void private_in_global_originals(global const int *in, global int *out) {
  size_t gid = get_global_id(0);
  int priv[4];
  for (int i = 0; i < 4; i++) {
    priv[i] = in[(gid + i) % 32] + i;
    out[8 * gid + i] = in[gid] - 2 * i;
  }
  int *p = (gid & 2) ? (int *)priv : (int *)(out + 8 * gid);
  private_or_global(out, gid, p, priv);
  if (gid == 0) {
    global int *tail = out + 8 * get_global_size(0);
    int rc = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(4), ^{
      size_t j = get_global_id(0);
      tail[j] = (int)j * 5 + 1;
    });
    tail[4] = rc - 1;
  }
}
