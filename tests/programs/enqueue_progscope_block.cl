// program-scope block literals (const block variables) called from kernels and from enqueued blocks
int counter_base;
global int hits[16];

void (^const record)(int) = ^(int x) { hits[x & 15] += 1; };
int (^const square)(int) = ^(int x) { return x * x; };
float (^const lerp)(float, float, float) = ^(float a, float b, float t) {
    return a + (b - a) * t;
};

kernel void enqueue_progscope_block(global int *out, global float *f, int n)
{
    size_t gid = get_global_id(0);
    record((int)gid);
    out[gid] = square((int)gid) + counter_base;
    f[gid] = lerp(0.0f, f[gid], 0.5f);

    if (gid == 0) {
        enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT,
                       ndrange_1D((size_t)n),
                       ^{
                           size_t i = get_global_id(0);
                           record((int)i + 1);
                           out[i] += square(out[i]);
                       });
    }
}

kernel void enqueue_progscope_read_hits(global int *dst)
{
    size_t i = get_global_id(0);
    int *h = &hits[i & 15];      // program-scope global array through a generic pointer
    dst[i] = *h + square(2);
}
