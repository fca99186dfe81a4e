// Device-side enqueue: the harness plays the runtime. Work-item 0 of every
// work-group enqueues a block (CLK_ENQUEUE_FLAGS_WAIT_KERNEL) over its
// group's slice with ndrange_1D(offset, size, local); work-item 0 of the whole
// range enqueues a second block with ndrange_1D(size). The blocks capture
// global pointers, a generic pointer into global memory and scalars; they
// read what other work-groups of the parent wrote (legal only because the
// parent has finished when they run) and write regions the parent does not
// touch, so the output depends on the blocks running. clang turns each block
// into a spir_kernel `__block_invoke_enqueue_block_invoke[_N]_kernel(ptr
// addrspace(4) literal)` and each enqueue_kernel into __enqueue_kernel_basic.

kernel void block_invoke_enqueue(global const int *in, global int *out, int n) {
  size_t gid = get_global_id(0), lid = get_local_id(0), grp = get_group_id(0);
  size_t lsz = get_local_size(0);
  out[gid] = in[gid] * 2 + 1;                  // the parent's part: out[0, n)
  int *gen = (int *)(out + n);                 // generic pointer to out[n, 2n)
  global int *res = out + 2 * n;               // out[2n, 3n)
  int scale = (int)grp + 2;
  if (lid == 0) {
    size_t first = grp * lsz;
    int rc = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL,
                            ndrange_1D(first, lsz, lsz / 2), ^{
                              size_t i = get_global_id(0);        // first .. first + lsz - 1
                              gen[i] = out[(i + lsz) % n] * scale + in[i];
                              res[i] = gen[i] - (int)get_global_offset(0) + (int)get_local_id(0);
                            });
    out[3 * n + grp] = rc + 100 * scale;       // CLK_SUCCESS is 0
  }
  if (gid == 0) {
    global int *tail = out + 3 * n + n / lsz;  // after the per-group return codes
    int rc = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(n / 2), ^{
      size_t j = get_global_id(0);             // 0 .. n/2 - 1
      tail[j] = out[2 * j] + out[2 * j + 1] + (int)get_global_size(0) * 1000;
    });
    tail[n / 2] = rc - 1;
  }
}
