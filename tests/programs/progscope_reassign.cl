// program-scope pointers re-assigned inside kernels to kernel-argument global buffers
int default_data[8];
int *active = default_data;
global float *active_f;
int active_len = 8;

void use_buffer(global int *buf, int n)
{
    active = buf;
    active_len = n;
}

int read_active(int i)
{
    return (i < active_len) ? active[i] : -1;
}

kernel void progscope_reassign_set(global int *buf, global float *fbuf, int n)
{
    if (get_global_id(0) == 0) {
        use_buffer(buf, n);
        active_f = fbuf;
    }
}

kernel void progscope_reassign_use(global int *out)
{
    size_t gid = get_global_id(0);
    out[gid] = read_active((int)gid);
    if (active_f)
        active_f[gid] = (float)out[gid];
}

kernel void progscope_reassign_reset(void)
{
    if (get_global_id(0) == 0) {
        active = &default_data[0];
        active_len = 8;
        active_f = 0;
    }
    default_data[get_global_id(0) & 7] = 0;
}

kernel void progscope_reassign_swap(global int *a, global int *b)
{
    if (get_global_id(0) != 0)
        return;
    int *prev = active;
    active = (prev == (int *)a) ? (int *)b : (int *)a;
    *active += 1;
}
