// enqueue_kernel with a capture-free block on the default queue (ndrange_1D, no wait)
#define N 64

kernel void child_fill_constant(global int *out)
{
    out[get_global_id(0)] = 7;
}

kernel void enqueue_basic_nocapture(global int *res)
{
    size_t tid = get_global_id(0);
    queue_t q = get_default_queue();
    ndrange_t nd = ndrange_1D(1);

    // A block without captures: clang emits it as a global block literal.
    int err = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, nd,
                             ^{
                                 size_t i = get_global_id(0);
                                 (void)i;
                             });
    res[tid] = (err == CLK_SUCCESS) ? 0 : -1;
}

kernel void enqueue_basic_wait_kernel(global int *res, global int *flag)
{
    size_t tid = get_global_id(0);
    if (tid != 0)
        return;
    int err = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL,
                             ndrange_1D(N),
                             ^{ atomic_inc(flag); });
    res[0] = err;
    int err2 = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_WORK_GROUP,
                              ndrange_1D(N, 16),
                              ^{ size_t g = get_group_id(0); (void)g; });
    res[1] = err2;
}
