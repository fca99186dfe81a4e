// helper_chain: a block reduction through a chain of three noinline helpers
// passing generic pointers (reduce_block -> reduce_step -> add_into). The
// chain runs on a `__shared__` buffer, on each block's part of a global
// scratch buffer, and on a pointer that is shared on even blocks and global
// on odd ones; the result goes to global memory through the same add_into.
#define TILE 256

__device__ __noinline__ void add_into(float *dst, const float *src) { *dst += *src; }

__device__ __noinline__ void reduce_step(float *buf, int t, int stride) {
  if (t < stride)
    add_into(&buf[t], &buf[t + stride]);
}

// All threads of the block call it (it has barriers).
__device__ __noinline__ void reduce_block(float *buf, float *result) {
  int t = threadIdx.x;
  for (int stride = TILE / 2; stride > 0; stride /= 2) {
    __syncthreads();
    reduce_step(buf, t, stride);
  }
  __syncthreads();
  if (t == 0) {
    *result = 0.0f;
    add_into(result, &buf[0]);
  }
}

extern "C" __global__ void reduce_shared(const float *in, float *sums, int n) {
  __shared__ float tile[TILE];
  int t = threadIdx.x;
  int i = blockIdx.x * TILE + t;
  tile[t] = i < n ? in[i] : 0.0f;
  reduce_block(tile, &sums[blockIdx.x]);
}

extern "C" __global__ void reduce_global(const float *in, float *scratch, float *sums,
                                         int n) {
  int t = threadIdx.x;
  int i = blockIdx.x * TILE + t;
  scratch[i] = i < n ? in[i] : 0.0f;
  reduce_block(&scratch[blockIdx.x * TILE], &sums[blockIdx.x]);
}

extern "C" __global__ void reduce_mixed(const float *in, float *scratch, float *sums,
                                        int n) {
  __shared__ float tile[TILE];
  int t = threadIdx.x;
  int i = blockIdx.x * TILE + t;
  float *buf = (blockIdx.x & 1) ? &scratch[blockIdx.x * TILE] : tile;
  buf[t] = i < n ? 2.0f * in[i] : 0.0f;
  reduce_block(buf, &sums[blockIdx.x]);
}
