// printf with %s, %d, %u, %x, %f and vector formats on values read through generic pointers
constant char *level_names[3] = { "low", "mid", "high" };
constant char banner[] = "stats";

int read_level(const int *p)
{
    return clamp(*p, 0, 2);
}

kernel void printf_strings_ints(global const int *levels, global const float *vals)
{
    size_t gid = get_global_id(0);
    int lvl = read_level(&levels[gid]);
    printf("%s: item %d level %s (%u)\n", banner, (int)gid, level_names[lvl], (uint)lvl);
    float v = vals[gid];
    float *vp = &v;
    printf("value %f hex %x sci %e\n", *vp, as_uint(*vp), *vp);
}

kernel void printf_vectors(global const float4 *v4, global const int2 *v2)
{
    size_t gid = get_global_id(0);
    float4 a = v4[gid];
    int2 b = v2[gid];
    float4 *ap = &a;
    printf("v4 = %v4hlf\n", *ap);
    printf("v2 = %v2hld\n", b);
    printf("%s%c%s\n", "x", 'y', "z");
}

kernel void printf_local_summary(global const int *in)
{
    local int sum;
    if (get_local_id(0) == 0)
        sum = 0;
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&sum, in[get_global_id(0)]);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    int *sp = &sum;
    if (get_local_id(0) == 0)
        printf("group %d sum %d at %p\n", (int)get_group_id(0), *sp, sp);
}
