// blocks capturing local and private pointers (called in the parent) and private scalars (enqueued)
int sum3(const int *p)
{
    return p[0] + p[1] + p[2];
}

kernel void enqueue_capture_local_private(global int *out, local int *lbuf)
{
    size_t l = get_local_id(0);
    int priv[4] = { 1, 2, 3, (int)l };
    private int *pp = priv;
    local int *lp = lbuf;

    lbuf[l] = (int)l * 3;
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    // Called directly in the parent work-item: local and private captures are fine here.
    int (^read_local)(int) = ^(int i) { return lp[i]; };
    int (^read_priv)(int) = ^(int i) { return pp[i]; };
    int (^both)(void) = ^{ return sum3(lp) + sum3(pp); };

    out[get_global_id(0)] = read_local((int)l) + read_priv(3) + both();

    // Enqueued: only values and global pointers cross into the child.
    int seed = priv[3] + lbuf[0];
    float ratio = 0.25f * (float)seed;
    if (get_global_id(0) == 0) {
        enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(16),
                       ^{
                           size_t i = get_global_id(0);
                           out[i] += seed + (int)(ratio * (float)i);
                       });
    }
}

kernel void enqueue_capture_private_array(global long *out)
{
    long acc[3] = { 10, 20, 30 };
    long *g = acc;               // private -> generic
    long total = 0;
    for (int i = 0; i < 3; ++i)
        total += g[i];
    long copy0 = acc[0], copy2 = acc[2];
    if (get_global_id(0) == 0)
        enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(3),
                       ^{ out[get_global_id(0)] = total + copy0 - copy2; });
}
