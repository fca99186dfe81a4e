// one helper stays live (noinline), its siblings are inlined into every caller and become dead at -O2
__attribute__((noinline)) void live_store(int *p, int v)
{
    *p = v;
}

int inlined_load(const int *p)
{
    return *p;
}

void inlined_add(int *p, int v)
{
    live_store(p, inlined_load(p) + v);
}

int inlined_minmax(int *lo, int *hi, int v)
{
    if (v < *lo)
        *lo = v;
    if (v > *hi)
        *hi = v;
    return *hi - *lo;
}

kernel void dead_mixed_global(global int *buf, global int *range)
{
    size_t gid = get_global_id(0);
    inlined_add(&buf[gid], 5);
    inlined_minmax(&range[0], &range[1], buf[gid]);
}

kernel void dead_mixed_local(global int *out)
{
    local int lo, hi;
    local int acc[64];
    size_t lid = get_local_id(0);
    if (lid == 0) {
        lo = INT_MAX;
        hi = INT_MIN;
    }
    acc[lid] = (int)lid;
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    inlined_add(&acc[lid], 1);
    int span = inlined_minmax(&lo, &hi, acc[lid]);
    out[get_global_id(0)] = span;
}

kernel void dead_mixed_private(global int *out)
{
    int lo = 0, hi = 0, x = (int)get_global_id(0);
    inlined_add(&x, 3);
    out[get_global_id(0)] = inlined_minmax(&lo, &hi, x) + inlined_load(&x);
}
