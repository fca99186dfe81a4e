// math and memory builtins taking generic pointers: vload/vstore, fract, sincos, modf, frexp, remquo, atomics
float4 load_row(const float *base, size_t row)
{
    return vload4(row, base);
}

void store_row(float *base, size_t row, float4 v)
{
    vstore4(v, row, base);
}

kernel void misc_builtins_generic(global float *buf, global int *ibuf, global float *out)
{
    size_t gid = get_global_id(0);
    local float lrow[4 * 64];
    float prow[4];

    float4 v = load_row(buf, gid);
    store_row(lrow, get_local_id(0), v);
    store_row(prow, 0, v * 2.0f);

    float whole;
    float fr = fract(buf[gid], &whole);               // private out-param through generic
    float c;
    float s = sincos(prow[1], &c);
    float ip;
    float m = modf(prow[2], &ip);
    int ex;
    float mant = frexp(prow[3], &ex);
    int quo;
    float rq = remquo(prow[0], 3.0f, &quo);

    local float lwhole[64];
    float fr2 = fract(lrow[get_local_id(0) * 4], &lwhole[get_local_id(0)]);   // local out-param
    float gcos;
    sincos(v.x, &out[gid]);                            // global out-param
    sincos(v.y, &gcos);

    out[gid] += fr + whole + s + c + m + ip + mant + (float)ex + rq + (float)quo + fr2 + gcos;

    volatile atomic_int *ai = (volatile atomic_int *)&ibuf[gid & 7];
    atomic_fetch_add(ai, 1);
    atomic_fetch_sub_explicit(ai, 2, memory_order_relaxed);
    atomic_fetch_min(ai, (int)gid);
}

kernel void misc_builtins_half_vectors(global half *h, global float *f)
{
    size_t gid = get_global_id(0);
    float4 x = vload_half4(gid, h);
    float tmp[4];
    vstore4(x, 0, tmp);
    half *gh = h;
    vstore_half4_rte(x * 0.5f, gid, gh);
    float2 y = vload2(1, tmp);
    f[gid] = y.x + y.y + vload_half(0, gh);
}
