// program-scope constant lookup tables used directly, next to generic pointers into global tables
constant float lut[8] = { 0.0f, 0.125f, 0.25f, 0.375f, 0.5f, 0.625f, 0.75f, 0.875f };
constant int perm[8] = { 3, 1, 4, 0, 7, 5, 2, 6 };
constant char message[] = "gas-corpus";

float mutable_lut[8];
float *mutable_ptr = mutable_lut;

float lookup_const(int i)
{
    return lut[perm[i & 7]];
}

float lookup_generic(const float *table, int i)
{
    return table[i & 7];
}

kernel void progscope_constant_data(global float *out, global const int *idx)
{
    size_t gid = get_global_id(0);
    int i = idx[gid];
    if (gid < 8)
        mutable_lut[gid] = lut[gid] * 2.0f;
    work_group_barrier(CLK_GLOBAL_MEM_FENCE);
    float a = lookup_const(i);
    float b = lookup_generic(mutable_ptr, i);
    float c = lookup_generic(&mutable_lut[1], i - 1);
    out[gid] = a + b + c + (float)message[i % 10];
}

kernel void progscope_constant_copy(global float *out)
{
    float priv[8];
    for (int k = 0; k < 8; ++k)
        priv[k] = lut[k];                      // constant data copied into private memory
    size_t gid = get_global_id(0);
    out[gid] = lookup_generic(priv, (int)gid) + lookup_generic(out, (int)gid + 1);
}
