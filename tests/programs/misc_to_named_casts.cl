// to_global/to_local/to_private on generic pointers, with fallbacks and explicit casts back to named spaces
int store_if_global(int *p, int v)
{
    global int *g = to_global(p);
    if (g) {
        *g = v;
        return 1;
    }
    return 0;
}

int space_code(const int *p)
{
    if (to_global(p))
        return 1;
    if (to_local(p))
        return 2;
    if (to_private(p))
        return 3;
    return 0;
}

void copy_named(int *dst, const int *src)
{
    local int *ld = to_local(dst);
    private int *pd = to_private(dst);
    if (ld)
        *ld = *src;
    else if (pd)
        *pd = *src + 1;
    else
        *(global int *)dst = *src + 2;
}

kernel void misc_to_named_casts(global int *g, global int *codes)
{
    local int l[32];
    int p = 7;
    size_t gid = get_global_id(0), lid = get_local_id(0);
    int *sel = (gid % 3 == 0) ? (int *)&g[gid] : (gid % 3 == 1) ? (int *)&l[lid & 31] : &p;

    codes[gid] = space_code(sel) * 10 + store_if_global(sel, (int)gid);
    copy_named(sel, &g[0]);
    copy_named(&l[0], &p);
    copy_named(&p, &l[0]);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    g[gid] += p + l[lid & 31];
}

kernel void misc_named_roundtrip(global float *g)
{
    float *gen = g;
    global float *back = (global float *)gen;
    local float lv[1];
    float *lgen = lv;
    local float *lback = (local float *)lgen;
    *lback = back[0];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    back[get_global_id(0)] += *lback;
}
