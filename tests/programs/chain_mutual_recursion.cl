// mutually recursive helpers with a depth bound, passing generic pointers of different spaces
int is_even_sum(int *p, int n, int depth);

int is_odd_sum(int *p, int n, int depth)
{
    if (n <= 0 || depth <= 0)
        return 0;
    return p[n - 1] + is_even_sum(p, n - 1, depth - 1);
}

int is_even_sum(int *p, int n, int depth)
{
    if (n <= 0 || depth <= 0)
        return 0;
    return -p[n - 1] + is_odd_sum(p, n - 1, depth - 1);
}

void ping(float *a, float *b, int depth);

void pong(float *a, float *b, int depth)
{
    if (depth == 0)
        return;
    *b += *a * 0.5f;
    ping(b, a, depth - 1);
}

void ping(float *a, float *b, int depth)
{
    if (depth == 0)
        return;
    *a += *b;
    pong(a, b, depth - 1);
}

kernel void chain_mutual_recursion(global int *g, global int *out, int depth)
{
    local int l[32];
    int priv[4] = { 4, 3, 2, 1 };
    size_t lid = get_local_id(0);
    l[lid & 31] = g[get_global_id(0)];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = is_even_sum(g, 8, depth) + is_odd_sum(l, 32, depth) +
                            is_even_sum(priv, 4, depth);
}

kernel void chain_mutual_pingpong(global float *a, local float *scratch, int depth)
{
    size_t lid = get_local_id(0);
    float mine = (float)lid;
    scratch[lid] = a[get_global_id(0)];
    ping(&a[get_global_id(0)], &scratch[lid], depth & 15);
    ping(&mine, &a[0], 3);
    a[get_global_id(0)] = mine;
}
