// warp_shuffle: warp-level reductions with `__shfl_down_sync` (float sum,
// the result in lane 0) and `__shfl_xor_sync` (int max, butterfly: the
// result in every lane), in `__device__ __noinline__` helpers, and a block
// sum that keeps one partial per warp in an array a helper takes as generic
// `float *`: `__shared__` in reduce_shared, a per-block slice of a global
// buffer in reduce_partials_global (so gas must clone it). Inputs are read
// with `__ldg`. max_butterfly writes each warp's max to all its lanes and
// the block max through a `__shared__` array handed to a helper.

__device__ __noinline__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

__device__ __noinline__ int warp_max(int v) {
  for (int mask = 16; mask > 0; mask >>= 1)
    v = max(v, __shfl_xor_sync(0xffffffffu, v, mask));
  return v;
}

// Sum of v over the block into *result (written by thread 0); partials holds
// one float per warp. Every thread of the block calls it.
__device__ __noinline__ void block_sum(float v, float *partials, float *result) {
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  int warps = blockDim.x >> 5;
  v = warp_sum(v);
  if (lane == 0)
    partials[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = warp_sum(lane < warps ? partials[lane] : 0.0f);
    if (lane == 0)
      *result = v;
  }
}

// Max of the warps' maxima (partials[0 .. warps)), computed by warp 0.
__device__ __noinline__ int max_of_partials(const int *partials, int warps) {
  int lane = threadIdx.x & 31;
  return warp_max(lane < warps ? partials[lane] : 0);
}

extern "C" __global__ void reduce_shared(const float *in, float *block_sums) {
  __shared__ float partials[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  block_sum(__ldg(&in[i]), partials, &block_sums[blockIdx.x]);
}

// partials: blockDim.x / 32 floats per block, left holding the warp sums.
extern "C" __global__ void reduce_partials_global(const float *in, float *partials,
                                                  float *block_sums) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  block_sum(__ldg(&in[i]), &partials[blockIdx.x * (blockDim.x >> 5)], &block_sums[blockIdx.x]);
}

extern "C" __global__ void max_butterfly(const int *in, int *warp_maxima, int *block_max) {
  __shared__ int partials[32];
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int m = warp_max(__ldg(&in[i]));
  warp_maxima[i] = m;
  if (lane == 0)
    partials[warp] = m;
  __syncthreads();
  if (warp == 0) {
    int b = max_of_partials(partials, blockDim.x >> 5);
    if (lane == 0)
      block_max[blockIdx.x] = b;
  }
}
