// producer/consumer kernels using read_pipe/write_pipe with int and struct packets via generic pointers
typedef struct {
    int id;
    float value;
} packet_t;

kernel void pipe_producer(global const int *src, write_only pipe int out_pipe,
                          global int *status)
{
    size_t gid = get_global_id(0);
    int v = src[gid];
    int *vp = &v;                         // private through generic
    status[gid] = write_pipe(out_pipe, vp);
}

kernel void pipe_consumer(read_only pipe int in_pipe, global int *dst, global int *status)
{
    size_t gid = get_global_id(0);
    int v = -1;
    int rc = read_pipe(in_pipe, &v);
    status[gid] = rc;
    dst[gid] = (rc == 0) ? v : -1;
}

kernel void pipe_struct_producer(global const float *vals, write_only pipe packet_t p)
{
    size_t gid = get_global_id(0);
    packet_t pkt;
    pkt.id = (int)gid;
    pkt.value = vals[gid] * 2.0f;
    while (write_pipe(p, &pkt) != 0)
        ;
}

kernel void pipe_struct_consumer(read_only pipe packet_t p, global float *out,
                                 global packet_t *raw)
{
    size_t gid = get_global_id(0);
    local packet_t stage[64];
    packet_t *slot = &stage[get_local_id(0) & 63];     // local through generic
    if (read_pipe(p, slot) == 0) {
        out[slot->id] = slot->value;
        raw[gid] = *slot;
    }
}

kernel void pipe_forward(read_only pipe float in, write_only pipe float out)
{
    float f;
    if (read_pipe(in, &f) == 0) {
        f = f * f;
        write_pipe(out, &f);
    }
}
