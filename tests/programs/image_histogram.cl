// luminance histogram from read_imageui/read_imagef into a local histogram updated through generic pointers
#define BINS 64

constant sampler_t s_nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE |
                               CLK_FILTER_NEAREST;

void bump(volatile atomic_uint *hist, uint bin)
{
    atomic_fetch_add_explicit(&hist[bin % BINS], 1u, memory_order_relaxed,
                              memory_scope_work_group);
}

kernel void image_histogram_u8(read_only image2d_t img, global uint *hist_out)
{
    local atomic_uint hist[BINS];
    size_t lid = get_local_linear_id();
    if (lid < BINS)
        atomic_init(&hist[lid], 0u);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    int2 p = (int2)((int)get_global_id(0), (int)get_global_id(1));
    uint4 px = read_imageui(img, s_nearest, p);
    uint lum = (px.x * 77u + px.y * 150u + px.z * 29u) >> 8;
    bump(hist, lum >> 2);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    if (lid < BINS)
        atomic_fetch_add((volatile global atomic_uint *)&hist_out[lid],
                         atomic_load(&hist[lid]));
}

kernel void image_histogram_float(read_only image2d_t img, global atomic_uint *hist_out,
                                  float lo, float hi)
{
    int2 p = (int2)((int)get_global_id(0), (int)get_global_id(1));
    float4 px = read_imagef(img, p);            // sampler-less read
    float lum = dot(px.xyz, (float3)(0.299f, 0.587f, 0.114f));
    float t = clamp((lum - lo) / (hi - lo), 0.0f, 0.999f);
    bump(hist_out, (uint)(t * BINS));
}
