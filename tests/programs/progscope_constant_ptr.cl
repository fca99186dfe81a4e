// constant-qualified program-scope pointers to global data: global int *constant cp = &arr[2]
global int arr[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
global float weights[4];

global int *constant cp = &arr[2];
global int *constant arr_end = &arr[8];
global float *constant wp = weights;
int *constant generic_cp = &arr[5];

constant int coeffs[4] = { 1, -2, 3, -4 };

int window_sum(const int *p, int n)
{
    int s = 0;
    for (int i = 0; i < n; ++i)
        s += p[i] * coeffs[i & 3];
    return s;
}

kernel void progscope_constant_ptr(global int *out)
{
    size_t gid = get_global_id(0);
    out[gid] = *cp + generic_cp[0];
    out[gid] += window_sum(cp, 4);
    out[gid] += (int)(arr_end - cp);
}

kernel void progscope_constant_ptr_write(int v)
{
    size_t gid = get_global_id(0);
    if (gid < 4) {
        cp[gid] = v + (int)gid;
        wp[gid] = (float)v * 0.25f;
    }
    int *g = generic_cp;
    *g += 1;
}
