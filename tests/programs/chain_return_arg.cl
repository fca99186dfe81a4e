// helpers returning their generic argument (possibly offset) back up the chain to the caller
int *ret_same(int *p)
{
    return p;
}

int *ret_offset(int *p, int k)
{
    return ret_same(p) + k;
}

int *ret_max(int *a, int *b)
{
    return (*a >= *b) ? a : b;
}

int *ret_deep(int *p, int k)
{
    int *q = ret_offset(p, k);
    int *r = ret_offset(q, -k);
    return ret_max(q, r);
}

kernel void chain_return_arg(global int *g, global int *out)
{
    size_t gid = get_global_id(0);
    int *p = ret_deep(g, 1);
    *p += 1;
    out[gid] = *ret_offset(g, (int)gid);
}

kernel void chain_return_arg_local(global int *out)
{
    local int l[64];
    size_t lid = get_local_id(0);
    l[lid] = (int)(63 - lid);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    int *m = ret_max(&l[lid], &l[(lid + 1) & 63]);
    out[get_global_id(0)] = *m + *ret_deep(l, 2);
}

kernel void chain_return_arg_private(global int *out)
{
    int v[3] = { 5, 1, 9 };
    int *best = ret_max(ret_same(&v[0]), ret_offset(v, 2));
    *ret_same(best) = 0;
    out[get_global_id(0)] = v[0] + v[1] + v[2] + *ret_deep(v, 1);
}
