// non-kernel helpers that enqueue work on behalf of several kernels (copy, fill, scan-style passes)
typedef struct {
    global int *data;
    int count;
    int stride;
} span_t;

void enqueue_fill(span_t s, int value)
{
    enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT,
                   ndrange_1D((size_t)s.count),
                   ^{ s.data[get_global_id(0) * (size_t)s.stride] = value; });
}

void enqueue_copy(global int *dst, global const int *src, int count, clk_event_t *ev)
{
    enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT,
                   ndrange_1D((size_t)count), 0, NULL, ev,
                   ^{ dst[get_global_id(0)] = src[get_global_id(0)]; });
}

void prefix_pass(global int *buf, int count, int offset)
{
    if (offset >= count)
        return;
    enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL,
                   ndrange_1D((size_t)count),
                   ^{
                       size_t i = get_global_id(0);
                       if (i >= (size_t)offset)
                           buf[i] += buf[i - offset];
                       if (i == 0)
                           prefix_pass(buf, count, offset * 2);
                   });
}

kernel void enqueue_helper_fill(global int *data, int count)
{
    if (get_global_id(0) == 0) {
        span_t s = { data, count / 2, 2 };
        enqueue_fill(s, -1);
        s.data = data + 1;
        enqueue_fill(s, 1);
    }
}

kernel void enqueue_helper_copy_scan(global int *dst, global const int *src, int count)
{
    if (get_global_id(0) != 0)
        return;
    clk_event_t copied;
    enqueue_copy(dst, src, count, &copied);
    enqueue_marker(get_default_queue(), 1, &copied, NULL);
    release_event(copied);
    prefix_pass(dst, count, 1);
}
