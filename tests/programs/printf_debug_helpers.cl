// debug helpers printing which address space a generic pointer refers to (to_global/to_local/to_private)
void describe(constant char *name, float *p)
{
    if (to_global(p))
        printf("%s -> global %p\n", name, to_global(p));
    else if (to_local(p))
        printf("%s -> local %p\n", name, to_local(p));
    else if (to_private(p))
        printf("%s -> private %p\n", name, to_private(p));
    else
        printf("%s -> unknown %p\n", name, p);
}

float checked_load(float *p, int i, int n)
{
    if (i < 0 || i >= n) {
        printf("out of range: %d not in [0,%d) base %p\n", i, n, p);
        return 0.0f;
    }
    return p[i];
}

kernel void printf_debug_helpers(global float *g, local float *l, int n)
{
    float priv[2] = { 1.0f, 2.0f };
    size_t lid = get_local_id(0);
    l[lid] = g[get_global_id(0)];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (get_global_id(0) == 0) {
        describe("g", g);
        describe("l", l);
        describe("priv", priv);
    }
    float s = checked_load(g, (int)get_global_id(0), n) + checked_load(l, (int)lid, 64) +
              checked_load(priv, (int)lid, 2);
    g[get_global_id(0)] = s;
}
