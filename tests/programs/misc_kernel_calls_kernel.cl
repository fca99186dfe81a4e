// kernels calling other kernels as ordinary functions, with global and local pointer arguments
kernel void scale_buffer(global float *buf, float k)
{
    size_t i = get_global_id(0);
    buf[i] *= k;
}

kernel void add_buffers(global float *dst, global const float *a, global const float *b)
{
    size_t i = get_global_id(0);
    dst[i] = a[i] + b[i];
}

kernel void local_reverse(global float *buf, local float *tmp)
{
    size_t l = get_local_id(0);
    size_t n = get_local_size(0);
    tmp[l] = buf[get_global_id(0)];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    buf[get_global_id(0)] = tmp[n - 1 - l];
}

float mean_of(float *p, int n)
{
    float s = 0.0f;
    for (int i = 0; i < n; ++i)
        s += p[i];
    return s / (float)n;
}

kernel void misc_kernel_calls_kernel(global float *a, global float *b, global float *c,
                                     local float *scratch, global float *means)
{
    scale_buffer(a, 2.0f);
    work_group_barrier(CLK_GLOBAL_MEM_FENCE);
    add_buffers(c, a, b);
    work_group_barrier(CLK_GLOBAL_MEM_FENCE);
    local_reverse(c, scratch);
    work_group_barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        means[get_group_id(0)] = mean_of(scratch, (int)get_local_size(0)) +
                                 mean_of(c + get_group_id(0) * get_local_size(0), 4);
}

kernel void misc_kernel_calls_kernel_twice(global float *a)
{
    local float tmp[128];
    local_reverse(a, tmp);
    local_reverse(a, tmp);
    scale_buffer(a, 0.5f);
}
