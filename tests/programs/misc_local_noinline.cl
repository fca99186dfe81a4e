// kernel-scope local variables and arrays passed to noinline helpers taking generic pointers
__attribute__((noinline)) void tile_load(float *tile, global const float *src, size_t n)
{
    size_t l = get_local_id(0);
    tile[l] = (l < n) ? src[get_group_id(0) * n + l] : 0.0f;
}

__attribute__((noinline)) float tile_sum(const float *tile, size_t n)
{
    float s = 0.0f;
    for (size_t i = 0; i < n; ++i)
        s += tile[i];
    return s;
}

__attribute__((noinline)) void counter_add(int *c, int v)
{
    atomic_fetch_add((volatile atomic_int *)c, v);
}

__attribute__((noinline)) float stencil3(const float *t, size_t i, size_t n)
{
    float l = (i > 0) ? t[i - 1] : t[i];
    float r = (i + 1 < n) ? t[i + 1] : t[i];
    return 0.25f * l + 0.5f * t[i] + 0.25f * r;
}

kernel void misc_local_noinline(global const float *src, global float *dst,
                                global int *counts)
{
    local float tile[128];
    local int hits;
    size_t n = get_local_size(0);
    size_t l = get_local_id(0);
    if (l == 0)
        hits = 0;
    tile_load(tile, src, n);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    float v = stencil3(tile, l, n);
    if (v > 0.5f)
        counter_add(&hits, 1);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    dst[get_global_id(0)] = v;
    if (l == 0) {
        counts[get_group_id(0)] = hits;
        dst[get_group_id(0)] += tile_sum(tile, n);
    }
}

kernel void misc_private_noinline(global const float *src, global float *dst)
{
    float buf[8];
    int cnt = 0;
    for (int i = 0; i < 8; ++i)
        buf[i] = src[get_global_id(0) * 8 + i];
    dst[get_global_id(0)] = stencil3(buf, 3, 8) + tile_sum(buf, 8);
    counter_add(&cnt, 2);
    counter_add((int *)&dst[0], cnt);
}
