// chains fed by pointers merged from different spaces at run time (select/phi), then narrowed again
int count_positive(const int *p, int n)
{
    int c = 0;
    for (int i = 0; i < n; ++i)
        c += p[i] > 0;
    return c;
}

int level2(int *p, int n)
{
    return count_positive(p, n) + count_positive(p + n / 2, n / 2);
}

int level1(int *p, int n, int *sink)
{
    int r = level2(p, n);
    *sink += r;
    return r;
}

kernel void chain_select_merge(global int *g, global int *out, int mode)
{
    local int l[32];
    int priv[8] = { -1, 2, -3, 4, -5, 6, -7, 8 };
    size_t lid = get_local_id(0);
    l[lid & 31] = g[get_global_id(0)] - 3;
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    int *src;
    if (mode == 0)
        src = g;
    else if (mode == 1)
        src = l;
    else
        src = priv;
    int n = (mode == 2) ? 8 : 32;

    int sink = 0;
    int r = level1(src, n, &sink);
    int *dst = (lid & 1) ? (int *)out : &sink;
    *dst = r;
    out[get_global_id(0)] += sink;

    global int *back = to_global(src);
    if (back)
        back[0] = r;
}
