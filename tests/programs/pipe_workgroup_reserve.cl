// work-group reservations: work_group_reserve_write_pipe / work_group_commit_* with local staging
kernel void pipe_wg_write(global const float4 *src, write_only pipe float4 p)
{
    size_t lid = get_local_id(0);
    reserve_id_t rid = work_group_reserve_write_pipe(p, (uint)get_local_size(0));
    if (is_valid_reserve_id(rid)) {
        float4 v = src[get_global_id(0)];
        write_pipe(p, rid, (uint)lid, &v);
        work_group_commit_write_pipe(p, rid);
    }
}

kernel void pipe_wg_read(read_only pipe float4 p, global float4 *dst)
{
    local float4 stage[128];
    size_t lid = get_local_id(0);
    reserve_id_t rid = work_group_reserve_read_pipe(p, (uint)get_local_size(0));
    if (is_valid_reserve_id(rid)) {
        read_pipe(p, rid, (uint)lid, &stage[lid]);        // local through generic
        work_group_commit_read_pipe(p, rid);
    } else {
        stage[lid] = (float4)(0.0f);
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    size_t n = get_local_size(0);
    dst[get_global_id(0)] = stage[lid] + stage[(lid + 1) % n];
}

kernel void pipe_wg_passthrough(read_only pipe int in, write_only pipe int out,
                                global int *stats)
{
    reserve_id_t r_in = work_group_reserve_read_pipe(in, (uint)get_local_size(0));
    reserve_id_t r_out = work_group_reserve_write_pipe(out, (uint)get_local_size(0));
    int v = 0;
    if (is_valid_reserve_id(r_in)) {
        read_pipe(in, r_in, (uint)get_local_id(0), &v);
        work_group_commit_read_pipe(in, r_in);
    }
    if (is_valid_reserve_id(r_out)) {
        v += 1;
        write_pipe(out, r_out, (uint)get_local_id(0), &v);
        work_group_commit_write_pipe(out, r_out);
    }
    stats[get_group_id(0)] = work_group_reduce_add(v);
}
