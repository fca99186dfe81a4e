// nested device-side enqueue: a child block that itself enqueues a grandchild with captured pointers
void fill(global int *p, size_t i, int v)
{
    p[i] = v;
}

kernel void enqueue_nested(global int *level1, global int *level2, global int *level3,
                           int n, global int *err)
{
    if (get_global_id(0) != 0)
        return;
    queue_t q = get_default_queue();
    err[0] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D((size_t)n), ^{
        size_t i = get_global_id(0);
        fill(level1, i, 1);
        if (i == 0) {
            err[1] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL,
                                    ndrange_1D((size_t)n), ^{
                size_t j = get_global_id(0);
                fill(level2, j, level1[j] + 1);
                if (j == 0) {
                    err[2] = enqueue_kernel(get_default_queue(),
                                            CLK_ENQUEUE_FLAGS_NO_WAIT,
                                            ndrange_1D((size_t)n), ^{
                        size_t k = get_global_id(0);
                        fill(level3, k, level2[k] + 1);
                    });
                }
            });
        }
    });
}

kernel void enqueue_nested_with_local(global float *data, int n)
{
    if (get_global_id(0) != 0)
        return;
    enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D((size_t)n, 16), ^{
        if (get_global_id(0) == 0)
            enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT,
                           ndrange_1D((size_t)n, 16),
                           ^(local void *tmp) {
                               local float *t = (local float *)tmp;
                               t[get_local_id(0)] = data[get_global_id(0)];
                               work_group_barrier(CLK_LOCAL_MEM_FENCE);
                               data[get_global_id(0)] = t[15 - get_local_id(0)];
                           },
                           16u * (uint)sizeof(float));
    });
}
