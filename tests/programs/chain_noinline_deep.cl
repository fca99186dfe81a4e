// five-level noinline helper chain with pointer arithmetic at every level, called from three kernels
__attribute__((noinline)) float c5(float *p)
{
    return p[0] * p[1];
}

__attribute__((noinline)) float c4(float *p, int k)
{
    return c5(p + k) + c5(p);
}

__attribute__((noinline)) float c3(float *p, int k)
{
    float r = c4(p, k);
    p[k] = r;
    return r;
}

__attribute__((noinline)) float c2(float *p, int k)
{
    return c3(p, k) - c3(p + 1, k);
}

__attribute__((noinline)) float c1(float *p, int k)
{
    return sqrt(fabs(c2(p, k)));
}

kernel void chain_noinline_global(global float *buf, global float *out)
{
    size_t gid = get_global_id(0);
    out[gid] = c1(buf + gid * 8, 2);
}

kernel void chain_noinline_local(local float *scratch, global float *out)
{
    size_t lid = get_local_id(0);
    scratch[lid] = (float)lid + 0.5f;
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0)
        out[get_group_id(0)] = c1(scratch, 3);
}

kernel void chain_noinline_private(global float *out)
{
    float v[8];
    for (int i = 0; i < 8; ++i)
        v[i] = (float)(i + get_global_id(0));
    out[get_global_id(0)] = c1(v, 1) + c4(v, 2);
}
