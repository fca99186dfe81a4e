// SVM structs holding arrays of pointers to other SVM buffers, followed through several indirections
typedef struct {
    float *rows[4];
    int ncols;
    int *row_len;
} matrix_view;

typedef struct {
    matrix_view *a;
    matrix_view *b;
    float *result;
} gemv_job;

float row_dot(const float *row, const float *x, int n)
{
    float s = 0.0f;
    for (int i = 0; i < n; ++i)
        s += row[i] * x[i];
    return s;
}

kernel void svm_pointer_rich_gemv(global gemv_job *jobs, global const float *x)
{
    size_t j = get_global_id(0);
    gemv_job *job = &jobs[j];
    matrix_view *m = job->a;
    for (int r = 0; r < 4; ++r) {
        int n = m->row_len ? m->row_len[r] : m->ncols;
        job->result[r] = row_dot(m->rows[r], x, n);
    }
}

kernel void svm_pointer_rich_swap(global gemv_job *jobs)
{
    size_t j = get_global_id(0);
    matrix_view *t = jobs[j].a;
    jobs[j].a = jobs[j].b;
    jobs[j].b = t;
    float *first = jobs[j].a->rows[0];
    jobs[j].a->rows[0] = jobs[j].a->rows[3];
    jobs[j].a->rows[3] = first;
}

kernel void svm_pointer_rich_local_copy(global gemv_job *jobs, global float *out)
{
    local float row_cache[64];
    size_t lid = get_local_id(0);
    matrix_view *m = jobs[get_group_id(0)].b;
    row_cache[lid & 63] = m->rows[lid & 3][lid >> 2];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = row_dot(row_cache, m->rows[0], min(m->ncols, 64));
}
