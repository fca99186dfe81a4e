// enqueue_kernel variadic local-size form: blocks taking one, two and three local void* arguments
kernel void enqueue_local_args(global float *data, global int *res, uint n)
{
    if (get_global_id(0) != 0)
        return;
    queue_t q = get_default_queue();
    uint lsz = 32;

    void (^one)(local void *) = ^(local void *scratch) {
        local float *s = (local float *)scratch;
        size_t l = get_local_id(0);
        s[l] = data[get_global_id(0)];
        work_group_barrier(CLK_LOCAL_MEM_FENCE);
        data[get_global_id(0)] = s[(l + 1) % get_local_size(0)];
    };
    res[0] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(n, lsz),
                            one, lsz * (uint)sizeof(float));

    res[1] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(n, lsz),
                            ^(local void *a, local void *b) {
                                local int *ia = (local int *)a;
                                local float *fb = (local float *)b;
                                size_t l = get_local_id(0);
                                ia[l] = (int)l;
                                fb[l] = (float)ia[l] * 0.5f;
                                work_group_barrier(CLK_LOCAL_MEM_FENCE);
                                data[get_global_id(0)] += fb[0];
                            },
                            lsz * (uint)sizeof(int), lsz * (uint)sizeof(float));

    clk_event_t done;
    res[2] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(n, lsz), 0, NULL, &done,
                            ^(local void *a, local void *b, local void *c) {
                                ((local char *)a)[0] = 1;
                                ((local short *)b)[0] = 2;
                                ((local long *)c)[0] = 3;
                            },
                            16u, 16u, 16u);
    release_event(done);
}
