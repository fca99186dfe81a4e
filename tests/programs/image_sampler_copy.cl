// read_imagef/write_imagef on image2d_t with program-scope constant samplers and a kernel-argument sampler
constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                             CLK_FILTER_NEAREST;
constant sampler_t linear_norm = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT |
                                 CLK_FILTER_LINEAR;

kernel void image_copy_nearest(read_only image2d_t src, write_only image2d_t dst)
{
    int2 pos = (int2)((int)get_global_id(0), (int)get_global_id(1));
    float4 px = read_imagef(src, nearest, pos);
    write_imagef(dst, pos, px);
}

kernel void image_resample(read_only image2d_t src, write_only image2d_t dst,
                           global float4 *probe)
{
    int2 pos = (int2)((int)get_global_id(0), (int)get_global_id(1));
    int2 dim = get_image_dim(dst);
    float2 uv = ((float2)((float)pos.x, (float)pos.y) + 0.5f) / convert_float2(dim);
    float4 px = read_imagef(src, linear_norm, uv);
    write_imagef(dst, pos, px);
    if (pos.x == 0 && pos.y == 0) {
        float4 *pp = &probe[0];                 // global through generic
        *pp = px;
    }
}

kernel void image_copy_with_sampler(read_only image2d_t src, sampler_t smp,
                                    write_only image2d_t dst, global int *dims)
{
    int x = (int)get_global_id(0), y = (int)get_global_id(1);
    float4 px = read_imagef(src, smp, (float2)((float)x + 0.5f, (float)y + 0.5f));
    write_imagef(dst, (int2)(x, y), px * (float4)(1.0f, 1.0f, 1.0f, 0.5f));
    if (x == 0 && y == 0) {
        int *d = dims;
        d[0] = get_image_width(src);
        d[1] = get_image_height(src);
        d[2] = get_image_channel_order(src);
        d[3] = get_image_channel_data_type(src);
    }
}
