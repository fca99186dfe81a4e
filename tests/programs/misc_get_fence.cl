// get_fence on generic pointers to choose barrier/fence flags, plus atomic_work_item_fence and mem_fence
void publish_value(int *slot, int v, volatile atomic_int *flag)
{
    *slot = v;
    cl_mem_fence_flags f = get_fence(slot);
    atomic_work_item_fence(f, memory_order_release, memory_scope_work_group);
    atomic_store_explicit(flag, 1, memory_order_relaxed, memory_scope_work_group);
}

void sync_on(const float *p)
{
    cl_mem_fence_flags f = get_fence(p);
    if (f == CLK_LOCAL_MEM_FENCE)
        work_group_barrier(CLK_LOCAL_MEM_FENCE);
    else
        work_group_barrier(CLK_GLOBAL_MEM_FENCE);
}

kernel void misc_get_fence(global int *g, global atomic_int *gflag, global uint *fences)
{
    local int l[64];
    local atomic_int lflag;
    int p = 0;
    size_t lid = get_local_id(0);
    if (lid == 0)
        atomic_init(&lflag, 0);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    publish_value(&g[get_global_id(0)], 1, gflag);
    publish_value(&l[lid], 2, &lflag);

    fences[get_global_id(0) * 3 + 0] = get_fence(&g[0]);
    fences[get_global_id(0) * 3 + 1] = get_fence(&l[0]);
    fences[get_global_id(0) * 3 + 2] = get_fence(&p);
}

kernel void misc_get_fence_sync(global float *g, local float *l)
{
    size_t lid = get_local_id(0);
    float *src = (lid & 1) ? (float *)g : (float *)l;
    l[lid] = g[get_global_id(0)];
    sync_on(l);
    g[get_global_id(0)] = l[(lid + 1) % get_local_size(0)];
    sync_on(g);
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    read_mem_fence(get_fence(src));
    write_mem_fence(CLK_LOCAL_MEM_FENCE);
    g[get_global_id(0)] += src[0];
}
