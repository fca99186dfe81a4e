// multi-pass reduction: each pass reduces in local memory and the last work-group enqueues the next pass
#define WG 64

void reduce_group(global const float *in, global float *out, local float *scratch, uint n)
{
    size_t l = get_local_id(0);
    size_t g = get_global_id(0);
    scratch[l] = (g < n) ? in[g] : 0.0f;
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (l < s)
            scratch[l] += scratch[l + s];
        work_group_barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        out[get_group_id(0)] = scratch[0];
}

void launch_pass(global float *in, global float *out, uint n, global volatile atomic_uint *done);

void launch_pass(global float *in, global float *out, uint n, global volatile atomic_uint *done)
{
    uint groups = (n + WG - 1) / WG;
    enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL,
                   ndrange_1D(groups * WG, WG),
                   ^(local void *scratch) {
                       reduce_group(in, out, (local float *)scratch, n);
                       if (get_global_id(0) == 0 && groups > 1) {
                           atomic_fetch_add_explicit(done, 1u, memory_order_relaxed,
                                                     memory_scope_device);
                           launch_pass(out, in, groups, done);
                       }
                   },
                   (uint)(WG * sizeof(float)));
}

kernel void enqueue_tree_reduce(global float *a, global float *b, uint n,
                                global volatile atomic_uint *passes)
{
    if (get_global_id(0) == 0)
        launch_pass(a, b, n, passes);
}

kernel void enqueue_tree_reduce_first(global const float *in, global float *partial, uint n)
{
    local float scratch[WG];
    reduce_group(in, partial, scratch, n);
}
