// helpers with generic parameters that no kernel ever calls (library-style code left in the program)
int unused_sum(const int *p, int n)
{
    int s = 0;
    for (int i = 0; i < n; ++i)
        s += p[i];
    return s;
}

void unused_fill(int *p, int n, int v)
{
    for (int i = 0; i < n; ++i)
        p[i] = v;
}

float *unused_pick(float *a, float *b, int c)
{
    return c ? a : b;
}

void unused_swap(float *a, float *b)
{
    float t = *a;
    *a = *b;
    *b = t;
}

void unused_local_user(local int *l, int *g)
{
    l[0] = *g;
}

kernel void dead_never_called(global int *out)
{
    size_t gid = get_global_id(0);
    out[gid] = (int)gid * 2;
}

kernel void dead_never_called_second(global float *a, global float *b)
{
    size_t gid = get_global_id(0);
    float t = a[gid];
    a[gid] = b[gid];
    b[gid] = t;
}
