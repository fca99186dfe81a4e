// thin public wrappers around generic-pointer helpers: all inlined at -O2, some wrappers never called
float clamp_store(float *dst, float v, float lo, float hi)
{
    float c = clamp(v, lo, hi);
    *dst = c;
    return c;
}

float store_unit(float *dst, float v)
{
    return clamp_store(dst, v, 0.0f, 1.0f);
}

float store_signed(float *dst, float v)
{
    return clamp_store(dst, v, -1.0f, 1.0f);
}

float store_byte(float *dst, float v)
{
    return clamp_store(dst, v, 0.0f, 255.0f);   // never called
}

void copy_unit(float *dst, const float *src, int n)
{
    for (int i = 0; i < n; ++i)
        store_unit(&dst[i], src[i]);
}

void copy_signed(float *dst, const float *src, int n)   // never called
{
    for (int i = 0; i < n; ++i)
        store_signed(&dst[i], src[i]);
}

kernel void dead_wrapper_layers(global float *dst, global const float *src, int n)
{
    size_t gid = get_global_id(0);
    float tmp[4];
    copy_unit(tmp, src + gid * 4, 4);
    copy_unit(dst + gid * 4, tmp, min(n, 4));
    store_signed(&dst[gid], src[gid] - 0.5f);
}
