// blocks whose parameters are generic pointers, invoked with global, local and private arguments
kernel void enqueue_block_generic_params(global float *g, local float *l, global float *out)
{
    size_t lid = get_local_id(0);
    size_t gid = get_global_id(0);
    float p[4] = { 1.0f, 2.0f, 3.0f, 4.0f };

    float (^sum2)(float *, float *) = ^(float *x, float *y) { return *x + *y; };
    void (^axpy)(float *, const float *, float) = ^(float *y, const float *x, float a) {
        *y = a * *x + *y;
    };
    float *(^pick)(float *, float *, int) = ^(float *x, float *y, int c) {
        return c ? x : y;
    };

    l[lid] = g[gid];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    float s = sum2(&g[gid], &l[lid]);          // global, local
    s += sum2(&p[0], &p[3]);                   // private, private
    axpy(&p[1], &g[gid], 0.5f);                // private <- global
    axpy(&l[lid], &p[1], 2.0f);                // local <- private
    float *chosen = pick(&g[gid], &p[2], (int)(gid & 1));
    *chosen += s;

    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    out[gid] = s + l[lid] + p[1];

    if (gid == 0) {
        enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(32),
                       ^{
                           float v = out[get_global_id(0)];
                           float w = 1.0f;
                           float *vp = &v;
                           float *wp = &w;
                           out[get_global_id(0)] = *vp * *wp + g[0];
                       });
    }
}
