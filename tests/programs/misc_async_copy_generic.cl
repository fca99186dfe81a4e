// async_work_group_copy / strided copy / wait_group_events / prefetch with results consumed via generic helpers
#define TILE 64

float tile_max(const float *t, int n)
{
    float m = t[0];
    for (int i = 1; i < n; ++i)
        m = fmax(m, t[i]);
    return m;
}

void scale_tile(float *t, int n, float k)
{
    for (int i = (int)get_local_id(0); i < n; i += (int)get_local_size(0))
        t[i] *= k;
}

kernel void misc_async_copy_generic(global const float *src, global float *dst,
                                    global float *maxima)
{
    local float tile[TILE];
    size_t base = get_group_id(0) * TILE;
    event_t e = async_work_group_copy(tile, src + base, TILE, 0);
    wait_group_events(1, &e);

    scale_tile(tile, TILE, 0.5f);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        maxima[get_group_id(0)] = tile_max(tile, TILE);

    event_t back = async_work_group_copy(dst + base, tile, TILE, 0);
    wait_group_events(1, &back);
}

kernel void misc_async_strided(global const float4 *src, global float4 *dst, int stride)
{
    local float4 cols[TILE];
    size_t g = get_group_id(0);
    prefetch(src + g, TILE);
    event_t e = async_work_group_strided_copy(cols, src + g, TILE, (size_t)stride, 0);
    wait_group_events(1, &e);
    float4 *c = cols;
    if (get_local_id(0) < TILE)
        c[get_local_id(0)] = c[get_local_id(0)] * 2.0f;
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    event_t e2 = async_work_group_strided_copy(dst + g, cols, TILE, (size_t)stride, 0);
    wait_group_events(1, &e2);
}
