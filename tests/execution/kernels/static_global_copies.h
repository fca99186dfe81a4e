// Helpers reading and writing through generic pointers held in structs,
// shared by a kernel where every generic pointer is global
// (static_global_copies) and by one that hands them local and private
// memory (static_global_originals). Where `propagate` leaves the helpers
// shared (the unoptimized form), static-global gives the first its own
// copies (`lane_read.gas.global`, ...), whose accesses are global ones, and
// the second keeps the originals and their switches. Each kernel's file
// runs it; the other is compiled into the same module but not run.

typedef struct {
  int *base;
  int step;
} lane_t;

typedef struct {
  lane_t from;
  lane_t to;
  int bias;
} copy_job_t;

int lane_read(lane_t lane, int k) { return lane.base[k * lane.step]; }

void lane_write(lane_t lane, int k, int v) { lane.base[k * lane.step] = v; }

void copy_one(copy_job_t *job, int k) {
  int v = lane_read(job->from, k);
  lane_write(job->to, k, 3 * v + job->bias - k);
}

void copy_span(copy_job_t *job, int first, int end) {
  for (int k = first; k < end; ++k)
    copy_one(job, k);
}

kernel void static_global_copies(global int *src, global int *dst, int n) {
  int first = (int)get_global_id(0) * 4;
  lane_t from = {src, 1}, to = {dst, 2};
  copy_job_t job = {from, to, 7};
  copy_span(&job, first, first + 4 < n ? first + 4 : n);
}

kernel void static_global_originals(global int *src, global int *dst, int n) {
  local int staged[64];
  int sums[4];
  size_t lid = get_local_id(0);
  staged[lid] = src[get_global_id(0)] + (int)lid;
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  copy_job_t in = {{staged, 1}, {sums, 1}, n};
  copy_span(&in, 0, 4);
  copy_job_t out = {{sums, 1}, {dst + get_global_id(0) * 4, 1}, -1};
  copy_span(&out, 0, 4);
}
