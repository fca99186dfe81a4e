// A kernel calling another kernel twice (clang emits the callee's body again
// as __clang_ocl_kern_imp_kernel_calls_kernel_inner, a spir_func): its local
// argument and, in a noinline helper, a generic pointer that is private or
// local per work-item.
__attribute__((noinline)) uint acc(uint *p, uint n) { uint s = 0u; for (uint i = 0u; i < n; i++) s = s * 3u + p[i]; p[0] = s; return s; }
kernel void kernel_calls_kernel_inner(global uint *out, local uint *l, uint k) {
  uint gid = (uint)get_global_id(0), lid = (uint)get_local_id(0);
  uint pa[4] = {k, gid, lid, 1u};
  l[lid * 4u] = gid + k;
  l[lid * 4u + 1u] = k;
  uint r = acc((gid & 1u) ? (uint *)pa : (uint *)(l + lid * 4u), 2u);
  out[gid] = out[gid] * 31u + r + pa[0] + l[lid * 4u];
}
kernel void kernel_calls_kernel(global const uint *in, global uint *out, local uint *l) {
  uint gid = (uint)get_global_id(0);
  out[gid] = in[gid];
  kernel_calls_kernel_inner(out, l, 3u);
  kernel_calls_kernel_inner(out, l, in[gid] & 7u);
}
