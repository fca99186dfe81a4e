// work_group_reduce/scan/broadcast/any/all and sub-group collectives mixed with generic pointer helpers
int load_or_zero(const int *p, int ok)
{
    return ok ? *p : 0;
}

kernel void misc_work_group_collectives(global const int *in, global int *out, int n)
{
    size_t gid = get_global_id(0);
    int x = load_or_zero(&in[gid], gid < (size_t)n);

    int total = work_group_reduce_add(x);
    int mx = work_group_reduce_max(x);
    int mn = work_group_reduce_min(x);
    int incl = work_group_scan_inclusive_add(x);
    int excl = work_group_scan_exclusive_add(x);
    int first = work_group_broadcast(x, 0);
    int anyneg = work_group_any(x < 0);
    int allpos = work_group_all(x > 0);

    out[gid] = total + mx - mn + incl - excl + first + anyneg * 1000 + allpos * 2000;
}

kernel void misc_sub_group_collectives(global const float *in, global float *out,
                                       global uint *info)
{
    size_t gid = get_global_id(0);
    float v = in[gid];
    float *vp = &v;
    float s = sub_group_reduce_add(*vp);
    float m = sub_group_reduce_max(v);
    float sc = sub_group_scan_inclusive_add(v);
    float b = sub_group_broadcast(v, 0);
    int any = sub_group_any(v > 1.0f);
    sub_group_barrier(CLK_LOCAL_MEM_FENCE);
    out[gid] = s + m + sc + b + (float)any;
    if (get_sub_group_local_id() == 0) {
        uint *ip = &info[get_sub_group_id() * 3];
        ip[0] = get_sub_group_size();
        ip[1] = get_max_sub_group_size();
        ip[2] = get_num_sub_groups();
    }
}

kernel void misc_collectives_local_ptr(global float *out)
{
    local float partial[16];
    float mine = (float)get_local_id(0);
    float red = work_group_reduce_add(mine);
    float *slot = &partial[get_local_id(0) & 15];
    *slot = red;
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = partial[0] + work_group_scan_exclusive_max(mine);
}
