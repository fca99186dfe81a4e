// constant_pointer_table: pointers in host-set symbols. `__constant__ const
// float *tables[2]` holds the addresses of two global buffers and
// `__device__ float *sink` the address of the output, all set by the host. The
// kernel loads the pointers and dereferences them (generic pointers read
// from memory). If `tables` lost `externally_initialized`, its loads fold to
// null and the kernel faults (run.py runs each build in its own process).
__constant__ const float *tables[2];
__device__ float *sink;

__device__ __noinline__ float blend(const float *const *t, int i, int n) {
  return t[0][i] * 2.0f + t[1][(i + 1) % n];
}

extern "C" __global__ void gather_tables(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[i] = tables[0][i] - tables[1][i];
  sink[i] = blend(tables, i, n);
}
