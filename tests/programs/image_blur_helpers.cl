// separable blur: image passed through helper functions together with generic pointers to weights
constant sampler_t clamp_nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                                   CLK_FILTER_NEAREST;

float4 tap(read_only image2d_t img, int2 p, const float *w, int k)
{
    return read_imagef(img, clamp_nearest, p) * w[k];
}

float4 blur_h(read_only image2d_t img, int2 c, const float *w, int radius)
{
    float4 acc = (float4)(0.0f);
    for (int k = -radius; k <= radius; ++k)
        acc += tap(img, c + (int2)(k, 0), w, k + radius);
    return acc;
}

float4 blur_v(read_only image2d_t img, int2 c, const float *w, int radius)
{
    float4 acc = (float4)(0.0f);
    for (int k = -radius; k <= radius; ++k)
        acc += tap(img, c + (int2)(0, k), w, k + radius);
    return acc;
}

void store_px(write_only image2d_t out, int2 c, float4 v, float *stats)
{
    write_imagef(out, c, v);
    stats[0] += v.x;
}

kernel void image_blur_global_weights(read_only image2d_t src, write_only image2d_t dst,
                                      global const float *weights, int radius,
                                      global float *stats)
{
    int2 c = (int2)((int)get_global_id(0), (int)get_global_id(1));
    float4 v = blur_h(src, c, weights, radius);
    float local_stat = 0.0f;
    store_px(dst, c, v, &local_stat);
    stats[get_global_linear_id()] = local_stat;
}

kernel void image_blur_local_weights(read_only image2d_t src, write_only image2d_t dst,
                                     global const float *weights, int radius)
{
    local float w[16];
    float priv_w[3] = { 0.25f, 0.5f, 0.25f };
    size_t lid = get_local_linear_id();
    if (lid < 16)
        w[lid] = weights[lid];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    int2 c = (int2)((int)get_global_id(0), (int)get_global_id(1));
    float4 v = blur_v(src, c, w, min(radius, 7)) + blur_h(src, c, priv_w, 1);
    float dummy = 0.0f;
    store_px(dst, c, v * 0.5f, &dummy);
}
