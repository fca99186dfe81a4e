// program-scope float4/int2 vector data with generic vector pointers, vload/vstore through them
float4 positions[16];
int2 extents[4] = { (int2)(1, 2), (int2)(3, 4), (int2)(5, 6), (int2)(7, 8) };
float4 *pos_ptr = positions;
int2 *ext_ptr = &extents[1];
float scalars[64];
float *scalar_ptr = scalars;

float4 centroid(const float4 *p, int n)
{
    float4 c = (float4)(0.0f);
    for (int i = 0; i < n; ++i)
        c += p[i];
    return c / (float)n;
}

kernel void progscope_vector_ptrs(global float4 *out, global const float4 *in)
{
    size_t gid = get_global_id(0);
    if (gid < 16)
        pos_ptr[gid] = in[gid];
    work_group_barrier(CLK_GLOBAL_MEM_FENCE);
    float4 c = centroid(pos_ptr, 16);
    int2 e = *ext_ptr;
    out[gid] = c * (float)(e.x + e.y);
}

kernel void progscope_vector_vload(global float *out)
{
    size_t gid = get_global_id(0);
    float4 v = vload4(gid & 15, scalar_ptr);
    v = v * 2.0f + (float4)(1.0f);
    vstore4(v, gid & 15, scalar_ptr);
    float2 w = vload2(0, (const float *)&positions[gid & 15]);
    out[gid] = v.x + v.w + w.y;
}
