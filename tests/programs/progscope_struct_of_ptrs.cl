// program-scope structs holding generic and global pointers, initialized with addresses of globals
typedef struct {
    int *head;
    int *tail;
    global float *scale;
    int len;
} view_t;

int storage[32];
float scales[2] = { 0.5f, 2.0f };

view_t full = { &storage[0], &storage[31], &scales[0], 32 };
view_t upper = { &storage[16], &storage[31], &scales[1], 16 };
view_t views[2] = {
    { &storage[0], &storage[7], &scales[0], 8 },
    { &storage[8], &storage[15], &scales[1], 8 },
};

float view_mean(view_t v)
{
    int s = 0;
    for (int *p = v.head; p <= v.tail; ++p)
        s += *p;
    return (float)s / (float)v.len * *v.scale;
}

kernel void progscope_struct_of_ptrs(global float *out, int which)
{
    size_t gid = get_global_id(0);
    storage[gid & 31] = (int)gid;
    work_group_barrier(CLK_GLOBAL_MEM_FENCE);
    out[0] = view_mean(full);
    out[1] = view_mean(upper);
    out[2] = view_mean(views[which & 1]);
}

kernel void progscope_struct_retarget(global int *out)
{
    size_t gid = get_global_id(0);
    view_t *v = &views[gid & 1];          // generic pointer to a program-scope struct
    int *h = v->head;
    *h = (int)gid;
    out[gid] = *v->tail + v->len;
    if (gid == 0)
        upper.head = &storage[20];
}
