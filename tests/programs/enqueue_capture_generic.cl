// block captures a generic pointer derived from a global buffer; child reads/writes through it
int accumulate(int *p, int n)
{
    int s = 0;
    for (int i = 0; i < n; ++i)
        s += p[i];
    return s;
}

void store_at(int *p, size_t i, int v)
{
    p[i] = v;
}

kernel void enqueue_capture_generic(global int *buf, global int *sums, int n)
{
    int *gen = buf;          // global -> generic
    int *sum_out = sums;     // global -> generic
    if (get_global_id(0) == 0) {
        enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT,
                       ndrange_1D((size_t)n),
                       ^{
                           size_t i = get_global_id(0);
                           int s = accumulate(gen, (int)i + 1);
                           store_at(sum_out, i, s);
                       });
    }
}

// The parent also walks the generic pointer itself before handing it to the child.
kernel void enqueue_capture_generic_prefix(global int *buf, int n)
{
    local int tile[64];
    int *p = get_local_id(0) < 32 ? (int *)buf : (int *)tile;
    store_at(p, get_local_id(0), (int)get_global_id(0));
    work_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    if (get_global_id(0) == 0)
        enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL,
                       ndrange_1D((size_t)n),
                       ^{ buf[get_global_id(0)] = accumulate((int *)buf, 4); });
}
