// chains passing structs that carry generic pointers; the leaf dereferences a member
typedef struct {
    float *data;
    int stride;
} strided_t;

typedef struct {
    strided_t in;
    strided_t out;
    float alpha;
} job_t;

float get_elem(strided_t s, int i)
{
    return s.data[i * s.stride];
}

void set_elem(strided_t s, int i, float v)
{
    s.data[i * s.stride] = v;
}

void run_elem(job_t *job, int i)
{
    float v = get_elem(job->in, i);
    set_elem(job->out, i, v * job->alpha);
}

void run_range(job_t *job, int from, int to)
{
    for (int i = from; i < to; ++i)
        run_elem(job, i);
}

kernel void chain_struct_members(global float *src, global float *dst, int n)
{
    size_t gid = get_global_id(0);
    job_t job;
    job.in.data = src;
    job.in.stride = 1;
    job.out.data = dst;
    job.out.stride = 2;
    job.alpha = 0.75f;
    run_range(&job, (int)gid * 4, min((int)gid * 4 + 4, n));
}

kernel void chain_struct_members_local(global float *dst)
{
    local float tile[128];
    float acc[4];
    size_t lid = get_local_id(0);
    tile[lid] = (float)lid;
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    job_t job = { { tile, 1 }, { acc, 1 }, 2.0f };
    run_range(&job, 0, 4);                  // local -> private
    job_t back = { { acc, 1 }, { dst + lid * 4, 1 }, 1.0f };
    run_range(&back, 0, 4);                 // private -> global
}
