// helper chain f1(p)->f2(p)->f3(p)->f4(p) with the leaf dereferencing p, called with global, local and private pointers
int f4(int *p, int i)
{
    return p[i] * 2 + 1;
}

int f3(int *p, int i)
{
    return f4(p, i) + f4(p, i + 1);
}

int f2(int *p, int i)
{
    int r = f3(p, i);
    p[i] = r;
    return r;
}

int f1(int *p, int i)
{
    return f2(p + 1, i) - f2(p, i);
}

kernel void chain_four_levels_global(global int *buf, global int *out)
{
    size_t gid = get_global_id(0);
    out[gid] = f1(buf, (int)gid);
}

kernel void chain_four_levels_local(global int *out)
{
    local int tile[66];
    size_t lid = get_local_id(0);
    tile[lid] = (int)lid;
    if (lid < 2)
        tile[64 + lid] = 0;
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = f1(tile, (int)lid);
}

kernel void chain_four_levels_private(global int *out)
{
    int regs[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    size_t gid = get_global_id(0);
    out[gid] = f1(regs, (int)(gid & 3));
}

kernel void chain_four_levels_all(global int *g, local int *l, global int *out)
{
    int priv[4] = { 9, 8, 7, 6 };
    size_t lid = get_local_id(0);
    l[lid] = g[lid];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = f1(g, 0) + f1(l, 0) + f1(priv, 0);
}
