// Helpers reading and writing through generic pointers held in structs,
// shared by a kernel where every generic pointer is global
// (static_global_copies) and by one that hands them local and private
// memory (static_global_originals). Where `propagate` leaves the helpers
// shared (the unoptimized form), static-global gives the first its own
// copies (`get_elem.gas.global`, ...), whose accesses are global ones, and
// the second keeps the originals and their switches. Each kernel's file
// runs it; the other is compiled into the same module but not run.

typedef struct {
  float *data;
  int stride;
} strided_t;

typedef struct {
  strided_t in;
  strided_t out;
  float alpha;
} job_t;

float get_elem(strided_t s, int i) { return s.data[i * s.stride]; }

void set_elem(strided_t s, int i, float v) { s.data[i * s.stride] = v; }

void run_elem(job_t *job, int i) {
  float v = get_elem(job->in, i);
  set_elem(job->out, i, v * job->alpha + (float)i);
}

void run_range(job_t *job, int from, int to) {
  for (int i = from; i < to; ++i)
    run_elem(job, i);
}

kernel void static_global_copies(global float *src, global float *dst, int n) {
  size_t gid = get_global_id(0);
  job_t job;
  job.in.data = src;
  job.in.stride = 1;
  job.out.data = dst;
  job.out.stride = 2;
  job.alpha = 0.75f;
  int from = (int)gid * 4;
  run_range(&job, from, from + 4 < n ? from + 4 : n);
}

kernel void static_global_originals(global float *src, global float *dst, int n) {
  local float tile[128];
  float acc[4];
  size_t lid = get_local_id(0);
  tile[lid] = (float)lid;
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  job_t job = {{tile, 1}, {acc, 1}, 2.0f};
  run_range(&job, 0, 4);
  job_t back = {{acc, 1}, {dst + get_global_id(0) * 4, 1}, src[0]};
  run_range(&back, 0, 4);
}
