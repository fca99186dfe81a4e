// recursion through device-side enqueue bounded by a depth counter (CTS enqueue_block recursion style)
#define MAX_DEPTH 8

void block_fn(int depth, global int *res, global int *trace)
{
    if (depth < 0)
        return;
    trace[depth] = depth;
    atomic_add(res, 1);
    queue_t q = get_default_queue();
    int err = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(1),
                             ^{ block_fn(depth - 1, res, trace); });
    if (err != CLK_SUCCESS)
        atomic_or(res, 0x10000);
}

kernel void enqueue_recursive_depth(global int *res, global int *trace)
{
    if (get_global_id(0) == 0)
        block_fn(MAX_DEPTH, res, trace);
}

// Same idea with the depth carried in a generic pointer to the work-item's counter.
void walk(int *depth_left, global int *log)
{
    int d = *depth_left;
    if (d <= 0)
        return;
    log[d] += d;
    *depth_left = d - 1;
    int next = d - 1;
    enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1), ^{
        int local_depth = next;
        walk(&local_depth, log);
    });
}

kernel void enqueue_recursive_generic(global int *log, global int *counters)
{
    size_t gid = get_global_id(0);
    int d = counters[gid] & 7;
    walk(&d, log);
    counters[gid] = d;
}
