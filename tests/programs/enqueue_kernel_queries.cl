// get_kernel_work_group_size, preferred multiple and sub-group count queries on block variables
kernel void enqueue_kernel_queries(global uint *out, global float *buf)
{
    if (get_global_id(0) != 0)
        return;

    void (^plain)(void) = ^{ buf[get_global_id(0)] = 1.0f; };
    void (^with_local)(local void *) = ^(local void *p) {
        ((local float *)p)[get_local_id(0)] = buf[get_global_id(0)];
    };

    out[0] = get_kernel_work_group_size(plain);
    out[1] = get_kernel_preferred_work_group_size_multiple(plain);
    out[2] = get_kernel_work_group_size(with_local);
    out[3] = get_kernel_preferred_work_group_size_multiple(with_local);
    out[4] = get_kernel_sub_group_count_for_ndrange(ndrange_1D(256, 64), plain);
    out[5] = get_kernel_max_sub_group_size_for_ndrange(ndrange_1D(256, 64), plain);
    out[6] = get_kernel_work_group_size(^{ buf[0] = 2.0f; });

    size_t wg = out[0] < 64 ? out[0] : 64;
    out[7] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT,
                            ndrange_1D(wg * 4, wg), with_local,
                            (uint)(wg * sizeof(float)));
}

// Choose the child's local size from the queries, then enqueue a 2D child with it.
kernel void enqueue_sized_by_query(global int *grid, int w, int h)
{
    if (get_global_linear_id() != 0)
        return;
    void (^cell)(void) = ^{
        size_t x = get_global_id(0), y = get_global_id(1);
        grid[y * (size_t)w + x] = (int)(get_local_linear_id());
    };
    size_t max_wg = get_kernel_work_group_size(cell);
    size_t mult = get_kernel_preferred_work_group_size_multiple(cell);
    size_t lx = mult ? mult : 1;
    while (lx * 2 <= max_wg && lx < 16)
        lx *= 2;
    size_t gsz[2] = { ((size_t)w + lx - 1) / lx * lx, (size_t)h };
    size_t lsz[2] = { lx, 1 };
    enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL,
                   ndrange_2D(gsz, lsz), cell);
}
