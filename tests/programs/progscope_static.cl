// static program-scope variables and static function-scope globals reached through generic pointers
static int hist[16];
static int *hist_ptr = hist;
static global uint calls;
static float table[4] = { 0.0f, 0.25f, 0.5f, 0.75f };

static int classify(float v)
{
    return (int)(v * 4.0f) & 3;
}

static void bump_bin(int *bins, int b)
{
    atomic_fetch_add((volatile atomic_int *)&bins[b], 1);
}

int next_ticket(void)
{
    static global int ticket = 100;
    int *t = &ticket;
    return (*t)++;
}

kernel void progscope_static(global const float *in, global int *out)
{
    size_t gid = get_global_id(0);
    int b = classify(in[gid]);
    bump_bin(hist_ptr, b);
    bump_bin(hist, b + 4);
    atomic_inc(&calls);
    float *tp = &table[b];
    out[gid] = (int)(*tp * 100.0f) + next_ticket();
}

kernel void progscope_static_dump(global int *out)
{
    size_t i = get_global_id(0);
    if (i < 16)
        out[i] = hist_ptr[i];
    if (i == 0)
        out[16] = (int)calls;
}
