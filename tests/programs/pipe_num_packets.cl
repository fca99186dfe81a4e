// get_pipe_num_packets / get_pipe_max_packets to drain a pipe, with pipes passed to helper functions
int drain_into(read_only pipe int p, int *dst, int cap)
{
    int n = 0;
    int v;
    while (n < cap && read_pipe(p, &v) == 0)
        dst[n++] = v;
    return n;
}

int fill_from(write_only pipe int p, const int *src, int count)
{
    int written = 0;
    for (int i = 0; i < count; ++i)
        if (write_pipe(p, &src[i]) == 0)
            ++written;
    return written;
}

kernel void pipe_num_packets_query(read_only pipe int p, global uint *info)
{
    if (get_global_id(0) == 0) {
        info[0] = get_pipe_num_packets(p);
        info[1] = get_pipe_max_packets(p);
    }
}

kernel void pipe_num_packets_drain(read_only pipe int p, global int *dst, global int *count)
{
    if (get_global_id(0) != 0)
        return;
    uint avail = get_pipe_num_packets(p);
    int got[16];
    int n = drain_into(p, got, min((int)avail, 16));
    for (int i = 0; i < n; ++i)
        dst[i] = got[i];
    count[0] = n + drain_into(p, dst + n, (int)avail - n);
}

kernel void pipe_num_packets_fill(write_only pipe int p, global const int *src,
                                  global int *written)
{
    size_t gid = get_global_id(0);
    local int stage[32];
    stage[get_local_id(0) & 31] = src[gid];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) {
        uint room = get_pipe_max_packets(p);
        written[get_group_id(0)] = fill_from(p, stage, min((int)room, 32)) +
                                   fill_from(p, src, 1);
    }
}
