// externally visible helpers with generic parameters that -O2 inlines everywhere, leaving dead copies
float dot3(const float *a, const float *b)
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

void normalize3(float *v)
{
    float len = sqrt(dot3(v, v));
    if (len > 0.0f) {
        v[0] /= len;
        v[1] /= len;
        v[2] /= len;
    }
}

void cross3(const float *a, const float *b, float *r)
{
    r[0] = a[1] * b[2] - a[2] * b[1];
    r[1] = a[2] * b[0] - a[0] * b[2];
    r[2] = a[0] * b[1] - a[1] * b[0];
}

kernel void dead_inlined_normals(global const float *tri, global float *normals)
{
    size_t t = get_global_id(0);
    global const float *v0 = tri + t * 9;
    float e1[3], e2[3], n[3];
    for (int i = 0; i < 3; ++i) {
        e1[i] = v0[3 + i] - v0[i];
        e2[i] = v0[6 + i] - v0[i];
    }
    cross3(e1, e2, n);
    normalize3(n);
    for (int i = 0; i < 3; ++i)
        normals[t * 3 + i] = n[i];
}

kernel void dead_inlined_lighting(global const float *normals, global float *shade,
                                  float lx, float ly, float lz)
{
    local float light[3];
    if (get_local_id(0) == 0) {
        light[0] = lx;
        light[1] = ly;
        light[2] = lz;
        normalize3(light);
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    size_t t = get_global_id(0);
    shade[t] = max(dot3(normals + t * 3, light), 0.0f);
}
