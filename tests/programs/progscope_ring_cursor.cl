// program-scope ring buffer with head/tail generic pointers advanced by kernels
#define RING 64

float ring[RING];
float *ring_head = &ring[0];
float *ring_tail = &ring[0];
float *constant ring_begin = &ring[0];
float *constant ring_end = &ring[RING];

float *advance(float *p, int n)
{
    p += n;
    while (p >= ring_end)
        p -= RING;
    return p;
}

kernel void progscope_ring_push(global const float *src, int n)
{
    size_t gid = get_global_id(0);
    if (gid < (size_t)n) {
        float *slot = advance(ring_tail, (int)gid);
        *slot = src[gid];
    }
    work_group_barrier(CLK_GLOBAL_MEM_FENCE);
    if (gid == 0)
        ring_tail = advance(ring_tail, n);
}

kernel void progscope_ring_pop(global float *dst, int n)
{
    size_t gid = get_global_id(0);
    if (gid < (size_t)n)
        dst[gid] = *advance(ring_head, (int)gid);
    work_group_barrier(CLK_GLOBAL_MEM_FENCE);
    if (gid == 0) {
        ring_head = advance(ring_head, n);
        dst[n] = (float)(ring_tail - ring_begin);
    }
}
