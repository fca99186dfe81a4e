// enqueue_kernel with a block capturing global pointers and scalars; child writes through them
typedef struct {
    int scale;
    int offset;
} params_t;

kernel void enqueue_capture_global(global int *src, global int *dst,
                                   int n, params_t prm, global int *res)
{
    size_t gid = get_global_id(0);
    if (gid != 0)
        return;

    int scale = prm.scale;
    int offset = prm.offset;
    global int *in = src;
    global int *out = dst;

    void (^saxpy)(void) = ^{
        size_t i = get_global_id(0);
        if (i < (size_t)n)
            out[i] = in[i] * scale + offset;
    };

    size_t lsz = get_kernel_work_group_size(saxpy);
    if (lsz > 64)
        lsz = 64;
    size_t gsz = ((size_t)n + lsz - 1) / lsz * lsz;
    res[0] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL,
                            ndrange_1D(gsz, lsz), saxpy);
    res[1] = (int)lsz;
}
