// get_fence on generic pointers of each space, written to the output
// (CLK_GLOBAL_MEM_FENCE = 2 for global, CLK_LOCAL_MEM_FENCE = 1 for local, 0
// for private in this harness's library): pointers known at compile time
// (global buffer, __local argument, kernel-scope local, private, program-scope
// global variable, const pointers), a run-time select by get_local_id parity,
// a three-way choice by data, a noinline helper called with each space, and
// the fence used to pick a barrier (as real code does). The fences are
// combined with the data so every call matters.

global int pvar[4];

__attribute__((noinline)) uint fence_of(const int *p) { return get_fence(p); }

__attribute__((noinline)) int sync_read(int *p, size_t i) {
  cl_mem_fence_flags f = get_fence(p);
  if (f == CLK_LOCAL_MEM_FENCE)
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
  else
    work_group_barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
  return p[i] * 10 + (int)f;
}

kernel void builtin_get_fence(global int *in, global uint *fo, global int *out, local int *larg) {
  local int lk[8];
  size_t gid = get_global_id(0), lid = get_local_id(0);
  int priv = (int)gid;
  global uint *F = fo + gid * 16;
  lk[lid] = in[gid] + 1;
  larg[lid] = in[gid] * 3;
  if (gid < 4)
    pvar[gid] = (int)gid;

  // known at compile time
  F[0] = get_fence(&in[gid]);
  F[1] = get_fence(&larg[lid]);
  F[2] = get_fence(&lk[lid]);
  F[3] = get_fence(&priv);
  F[4] = get_fence((const int *)&in[0]);
  F[5] = get_fence((const int *)lk);
  F[6] = get_fence(&pvar[gid & 3]);

  // run time
  int *s = (lid & 1) ? (int *)&lk[lid] : (int *)&in[gid];
  F[7] = get_fence(s);
  int *t = in[gid] % 3 == 0 ? &priv : in[gid] % 3 == 1 ? (int *)&larg[lid] : (int *)&in[gid];
  F[8] = get_fence(t);
  F[9] = fence_of(&in[gid]);
  F[10] = fence_of(&larg[lid]);
  F[11] = fence_of(&priv);
  F[12] = fence_of(s);
  F[13] = fence_of(t);

  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  // the fence picks the barrier flags; every work-item takes the same branch
  // for the same pointer, so the barriers match
  out[gid * 4 + 0] = sync_read((int *)larg, (lid + 1) % 8);
  out[gid * 4 + 1] = sync_read((int *)lk, (lid + 2) % 8);
  out[gid * 4 + 2] = sync_read((int *)in, gid ^ 1);
  out[gid * 4 + 3] = (int)(F[7] * 100 + F[8] * 10 + F[3]) + *t;
}
