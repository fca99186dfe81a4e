// A generic pointer phi around a loop: source and destination swap between a
// global scratch buffer and a __local buffer every iteration, with barriers.

kernel void ping_pong(global int *in, global int *gscratch, global int *out,
                      local int *lbuf) {
  size_t lid = get_local_id(0), gid = get_global_id(0), ls = get_local_size(0);
  size_t grp = get_group_id(0);
  int *src = gscratch + grp * ls;
  int *dst = lbuf;
  src[lid] = in[gid];
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  for (int it = 0; it < 5; it++) {
    dst[lid] = src[lid] + src[(lid + 1) % ls] * (it + 1) - (int)it;
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    int *t = src;
    src = dst;
    dst = t;
  }
  out[gid] = src[lid] + (to_local(src) ? 1000000 : 0);
}
