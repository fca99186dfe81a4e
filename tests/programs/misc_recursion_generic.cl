// bounded recursion over generic pointers: quicksort partitions, recursive sum and tree-like descent
void swap_int(int *a, int *b)
{
    int t = *a;
    *a = *b;
    *b = t;
}

int partition(int *v, int lo, int hi)
{
    int pivot = v[hi];
    int i = lo;
    for (int j = lo; j < hi; ++j)
        if (v[j] < pivot)
            swap_int(&v[i++], &v[j]);
    swap_int(&v[i], &v[hi]);
    return i;
}

void quicksort(int *v, int lo, int hi, int depth)
{
    if (lo >= hi || depth > 16)
        return;
    int p = partition(v, lo, hi);
    quicksort(v, lo, p - 1, depth + 1);
    quicksort(v, p + 1, hi, depth + 1);
}

long rsum(const int *p, int n)
{
    if (n == 0)
        return 0;
    if (n == 1)
        return p[0];
    return rsum(p, n / 2) + rsum(p + n / 2, n - n / 2);
}

kernel void misc_recursion_sort_private(global int *data, global long *sums)
{
    size_t gid = get_global_id(0);
    int v[8];
    for (int i = 0; i < 8; ++i)
        v[i] = data[gid * 8 + i];
    quicksort(v, 0, 7, 0);
    for (int i = 0; i < 8; ++i)
        data[gid * 8 + i] = v[i];
    sums[gid] = rsum(v, 8);
}

kernel void misc_recursion_sort_global(global int *data, int n, global long *sum)
{
    if (get_global_id(0) == 0) {
        quicksort(data, 0, n - 1, 0);
        *sum = rsum(data, n);
    }
}

kernel void misc_recursion_sum_local(global const int *in, global long *out)
{
    local int tile[64];
    tile[get_local_id(0) & 63] = in[get_global_id(0)];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = rsum(tile, 64);
}
