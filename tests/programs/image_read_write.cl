// read_write image2d_t updated in place, image-to-buffer and buffer-to-image copies via helpers
void pixel_to_buffer(read_only image2d_t img, int2 p, float4 *dst)
{
    *dst = read_imagef(img, p);
}

float4 buffer_to_pixel(const float *src, int idx)
{
    return vload4(idx, src);
}

kernel void image_to_buffer(read_only image2d_t img, global float4 *buf)
{
    int2 p = (int2)((int)get_global_id(0), (int)get_global_id(1));
    int w = get_image_width(img);
    pixel_to_buffer(img, p, &buf[p.y * w + p.x]);
}

kernel void buffer_to_image(global const float *buf, write_only image2d_t img)
{
    int2 p = (int2)((int)get_global_id(0), (int)get_global_id(1));
    int w = get_image_width(img);
    write_imagef(img, p, buffer_to_pixel(buf, p.y * w + p.x));
}

kernel void image_gamma_inplace(read_write image2d_t img, float gamma, global float *peak)
{
    int2 p = (int2)((int)get_global_id(0), (int)get_global_id(1));
    float4 v = read_imagef(img, p);
    float4 g = pow(v, (float4)(gamma));
    write_imagef(img, p, g);
    float4 tmp;
    float4 *tp = &tmp;                      // private through generic
    *tp = g;
    float m = fmax(fmax(tp->x, tp->y), tp->z);
    if (m > 0.99f)
        *peak = m;
}

kernel void image_rgba_cache(read_only image2d_t img, global float4 *out)
{
    local float4 cache[64];
    size_t lid = get_local_linear_id();
    int2 p = (int2)((int)get_global_id(0), (int)get_global_id(1));
    pixel_to_buffer(img, p, &cache[lid & 63]);         // local through generic
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_linear_id()] = cache[(lid + 1) & 63];
}
