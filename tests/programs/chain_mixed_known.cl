// mixed chains: some levels are entered with a known space, others only with generic pointers
float leaf_load(const float *p, int i)
{
    return p[i];
}

void leaf_store(float *p, int i, float v)
{
    p[i] = v;
}

float mid_scale(float *p, int i, float k)
{
    float v = leaf_load(p, i) * k;
    leaf_store(p, i, v);
    return v;
}

float top_blend(float *a, float *b, int i)
{
    // a may be anything; b always comes from global memory in this program
    return mid_scale(a, i, 0.5f) + mid_scale(b, i, 2.0f);
}

float *choose(float *x, float *y, int c)
{
    return c ? x : y;
}

kernel void chain_mixed_known(global float *g, local float *l, global float *out)
{
    size_t lid = get_local_id(0);
    size_t gid = get_global_id(0);
    float priv[2] = { 1.0f, 2.0f };
    l[lid] = g[gid];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    float r = top_blend(l, g, (int)lid);               // local, global
    r += top_blend(priv, g + 1, 0);                    // private, global
    r += mid_scale(g, (int)gid, 3.0f);                 // direct call with global
    float *p = choose(l, priv, (int)(gid & 1));        // local or private
    r += leaf_load(p, 0);
    leaf_store(out, (int)gid, r);                      // global
}

kernel void chain_mixed_global_only(global float *g)
{
    size_t gid = get_global_id(0);
    g[gid] = leaf_load(g, (int)gid + 1) + mid_scale(g, (int)gid, 1.0f);
}
