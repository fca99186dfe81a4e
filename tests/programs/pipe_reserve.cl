// reserve_read_pipe/commit_read_pipe and reserve_write_pipe/commit_write_pipe with reserve indices
#define BATCH 4

kernel void pipe_reserve_write(global const int *src, write_only pipe int p, global int *err)
{
    size_t gid = get_global_id(0);
    reserve_id_t rid = reserve_write_pipe(p, BATCH);
    if (!is_valid_reserve_id(rid)) {
        err[gid] = 1;
        return;
    }
    for (uint i = 0; i < BATCH; ++i) {
        int v = src[gid * BATCH + i];
        if (write_pipe(p, rid, i, &v) != 0)
            err[gid] = 2;
    }
    commit_write_pipe(p, rid);
}

kernel void pipe_reserve_read(read_only pipe int p, global int *dst, global int *err)
{
    size_t gid = get_global_id(0);
    int got[BATCH];
    reserve_id_t rid = reserve_read_pipe(p, BATCH);
    if (!is_valid_reserve_id(rid)) {
        err[gid] = 3;
        return;
    }
    for (uint i = 0; i < BATCH; ++i) {
        int *slot = &got[i];
        if (read_pipe(p, rid, i, slot) != 0)
            *slot = -1;
    }
    commit_read_pipe(p, rid);
    int sum = 0;
    for (int i = 0; i < BATCH; ++i) {
        dst[gid * BATCH + i] = got[i];
        sum += got[i];
    }
    err[gid] = sum < 0;
}

kernel void pipe_reserve_to_global(read_only pipe float p, global float *dst)
{
    size_t gid = get_global_id(0);
    reserve_id_t rid = reserve_read_pipe(p, 2);
    if (is_valid_reserve_id(rid)) {
        read_pipe(p, rid, 0, &dst[2 * gid]);          // global through generic
        read_pipe(p, rid, 1, &dst[2 * gid + 1]);
        commit_read_pipe(p, rid);
    }
}
