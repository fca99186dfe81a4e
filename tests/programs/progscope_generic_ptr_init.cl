// program-scope generic pointer variables initialized with addresses of program-scope globals
int counter;
int limits[4] = { 10, 20, 30, 40 };
float gain = 1.5f;

int *counter_ptr = &counter;
int *limit_ptr = &limits[1];
float *gain_ptr = &gain;
global int *global_limit_ptr = &limits[3];

int bump(int *p, int by)
{
    int old = *p;
    *p = old + by;
    return old;
}

kernel void progscope_generic_ptr_init(global int *out, global float *fout)
{
    size_t gid = get_global_id(0);
    if (gid == 0)
        bump(counter_ptr, 1);
    out[gid] = *limit_ptr + *global_limit_ptr;
    fout[gid] = fout[gid] * *gain_ptr;
}

kernel void progscope_generic_ptr_compare(global int *out)
{
    size_t gid = get_global_id(0);
    int *p = (gid & 1) ? limit_ptr : counter_ptr;
    out[gid] = (p == &counter) ? -1 : *p;
    out[gid] += (limit_ptr - &limits[0]);
}

kernel void progscope_generic_ptr_update(int v)
{
    *counter_ptr = v;
    limit_ptr[1] = v * 2;
    *gain_ptr = (float)v;
}
