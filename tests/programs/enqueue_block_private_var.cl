// blocks kept in private variables, selected at run time, called directly and enqueued
typedef int (^binop_t)(int, int);

int dot_lane(int *a, int *b, int n)
{
    int r = 0;
    for (int i = 0; i < n; ++i)
        r += a[i] * b[i];
    return r;
}

kernel void enqueue_block_private_var(global int *a, global int *b, global int *out,
                                      int n, int mode)
{
    binop_t add = ^(int x, int y) { return x + y; };
    binop_t mul = ^(int x, int y) { return x * y; };
    int bias = mode * 3;
    binop_t biased = ^(int x, int y) { return x - y + bias; };

    size_t gid = get_global_id(0);
    int lane_a[4], lane_b[4];
    for (int i = 0; i < 4; ++i) {
        lane_a[i] = a[(gid + i) % (size_t)n];
        lane_b[i] = b[(gid + i) % (size_t)n];
    }

    int r0 = 0;
    for (int i = 0; i < 4; ++i)
    {
        if (mode & 1)
            r0 += add(lane_a[i], lane_b[i]);
        else
            r0 += mul(lane_a[i], lane_b[i]);
    }
    int r1 = dot_lane(lane_a, lane_b, 4);            // private arrays as generic
    int r2 = dot_lane((int *)a, (int *)b, n);        // global as generic
    int r3 = biased(lane_a[0], lane_b[0]);
    out[gid] = r0 + r1 + r2 + r3;

    void (^child)(void) = ^{
        size_t i = get_global_id(0);
        int t[2] = { a[i], b[i] };
        out[i] = dot_lane(t, t, 2) + bias;
    };
    if (gid == 0)
        enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL,
                       ndrange_1D((size_t)n), child);
    void (^other)(void) = ^{ out[get_global_id(0)] -= bias; };
    if (gid == 1 && mode > 2)
        enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT,
                       ndrange_1D((size_t)n), other);
}
