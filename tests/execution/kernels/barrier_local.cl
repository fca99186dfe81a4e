// Local memory shared between work-items across barriers, accessed through
// generic pointers: tree reductions over a kernel-scope __local array and a
// __local buffer argument, and a neighbour rotation.

void reduce_step(int *buf, size_t lid, size_t s) {
  if (lid < s)
    buf[lid] += buf[lid + s];
}

void rotate_into(int *dst, const int *src, size_t lid, size_t n) {
  dst[lid] = src[(lid + 1) % n] * 2 - src[lid];
}

kernel void barrier_local(global int *in, global int *out, local int *scratch) {
  local int tile[16];
  local int rot[16];
  size_t lid = get_local_id(0), gid = get_global_id(0), ls = get_local_size(0);
  size_t grp = get_group_id(0);
  tile[lid] = in[gid];
  scratch[lid] = in[gid] * in[gid];
  barrier(CLK_LOCAL_MEM_FENCE);
  rotate_into(rot, tile, lid, ls);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[64 + gid] = rot[lid];
  int *t = tile;
  int *s = scratch;
  for (size_t st = ls / 2; st > 0; st >>= 1) {
    reduce_step(t, lid, st);
    reduce_step(s, lid, st);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) {
    out[grp * 2] = tile[0];
    out[grp * 2 + 1] = scratch[0];
  }
}
