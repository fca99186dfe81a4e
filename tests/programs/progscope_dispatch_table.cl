// program-scope table of {pointer, length} records selected by a kernel argument at run time
typedef struct {
    int *base;
    int len;
    int weight;
} slice_t;

int pool_a[12];
int pool_b[24];
global int pool_c[6];

slice_t slices[3] = {
    { pool_a, 12, 1 },
    { pool_b, 24, 2 },
    { pool_c, 6, 4 },
};
slice_t *current = &slices[0];

int weighted_sum(slice_t *s)
{
    int acc = 0;
    int *p = s->base;
    for (int i = 0; i < s->len; ++i)
        acc += p[i];
    return acc * s->weight;
}

void scatter(slice_t *s, int idx, int v)
{
    s->base[idx % s->len] = v;
}

kernel void progscope_dispatch_table(global int *out, int which, global const int *vals)
{
    size_t gid = get_global_id(0);
    slice_t *s = &slices[which % 3];
    scatter(s, (int)gid, vals[gid]);
    work_group_barrier(CLK_GLOBAL_MEM_FENCE);
    if (gid == 0) {
        current = s;
        out[0] = weighted_sum(s);
        out[1] = weighted_sum(&slices[0]) + weighted_sum(&slices[2]);
    }
}

kernel void progscope_dispatch_current(global int *out)
{
    size_t gid = get_global_id(0);
    out[gid] = current->base[gid % (size_t)current->len];
}
