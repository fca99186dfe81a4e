// queue_t passed as a kernel argument and through helpers alongside generic pointers
int scaled(const int *p, int k)
{
    return *p * k;
}

int launch_scale(queue_t q, global int *buf, int factor, size_t n)
{
    return enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(n),
                          ^{
                              size_t i = get_global_id(0);
                              buf[i] = scaled(&buf[i], factor);
                          });
}

int launch_marker(queue_t q, clk_event_t *prev, clk_event_t *out)
{
    return enqueue_marker(q, 1, prev, out);
}

kernel void enqueue_queue_arg(queue_t q, global int *buf, int n, global int *status)
{
    size_t gid = get_global_id(0);
    int tmp = buf[gid];
    int local_copy = scaled(&tmp, 2);         // private through generic
    buf[gid] = local_copy;
    work_group_barrier(CLK_GLOBAL_MEM_FENCE);
    if (gid != 0)
        return;

    status[0] = launch_scale(q, buf, 3, (size_t)n);
    status[1] = launch_scale(get_default_queue(), buf, 5, (size_t)n);

    clk_event_t first, mark;
    status[2] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D((size_t)n), 0, NULL,
                               &first, ^{ buf[get_global_id(0)] += 1; });
    status[3] = launch_marker(q, &first, &mark);
    release_event(first);
    release_event(mark);
}
