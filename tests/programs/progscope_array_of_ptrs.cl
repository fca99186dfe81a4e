// program-scope arrays of generic pointers indexed by run-time values
int bank0[16];
int bank1[16];
int bank2[16];
global int bank3[16];

int *banks[4] = { bank0, bank1, bank2, bank3 };
int *cursor[4] = { &bank0[0], &bank1[4], &bank2[8], &bank3[12] };
global int *constant rows[2] = { &bank0[0], &bank3[0] };

int load_at(int **table, int which, int idx)
{
    return table[which][idx];
}

kernel void progscope_array_of_ptrs(global int *out, global const int *sel)
{
    size_t gid = get_global_id(0);
    int b = sel[gid] & 3;
    int i = (int)(gid & 15);
    banks[b][i] = (int)gid * 10 + b;
    work_group_barrier(CLK_GLOBAL_MEM_FENCE);
    out[gid] = load_at(banks, b, 15 - i) + *cursor[b] + rows[b & 1][i];
}

kernel void progscope_array_advance(global int *out, int steps)
{
    size_t gid = get_global_id(0);
    if (gid < 4) {
        int *c = cursor[gid];
        for (int s = 0; s < steps; ++s)
            c++;
        cursor[gid] = c;
        out[gid] = *c;
    }
}
