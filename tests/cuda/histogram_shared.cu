// histogram_shared: the privatized histogram. `__device__ __noinline__`
// helpers do the `atomicAdd`s through generic pointers: bump (unsigned
// counts) and add_weight (float sums) on a per-block `__shared__` histogram,
// merge_counts/merge_weights adding it into the global one, and the same
// bump on the global histogram directly (so gas must clone it).
// histogram_private: a grid-stride loop into shared bins, then merged;
// histogram_direct: global atomics only; histogram_per_warp: one shared
// sub-histogram per warp (a row of a 2D `__shared__` array handed to the
// helper), keys read with `__ldg`, rows merged in shared then in global.
// Weights are multiples of 1/8 and every partial sum stays small, so the
// float sums are exact whatever the order of the atomics.
#define BINS 64
#define WARPS 8

__device__ __noinline__ void bump(unsigned int *bins, unsigned int key) {
  atomicAdd(&bins[key % BINS], 1u);
}

__device__ __noinline__ void add_weight(float *sums, unsigned int key, float w) {
  atomicAdd(&sums[key % BINS], w);
}

// dst[b] += src[b] for every bin, the block's threads taking a share.
__device__ __noinline__ void merge_counts(unsigned int *dst, const unsigned int *src) {
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    atomicAdd(&dst[b], src[b]);
}

__device__ __noinline__ void merge_weights(float *dst, const float *src) {
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    atomicAdd(&dst[b], src[b]);
}

__device__ __noinline__ void clear_counts(unsigned int *bins, int count) {
  for (int b = threadIdx.x; b < count; b += blockDim.x)
    bins[b] = 0;
}

extern "C" __global__ void histogram_private(const unsigned int *keys, const float *weights,
                                             unsigned int *hist, float *sums, int n) {
  __shared__ unsigned int local_hist[BINS];
  __shared__ float local_sums[BINS];
  clear_counts(local_hist, BINS);
  if (threadIdx.x < BINS)
    local_sums[threadIdx.x] = 0.0f;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    bump(local_hist, keys[i]);
    add_weight(local_sums, keys[i], weights[i]);
  }
  __syncthreads();
  merge_counts(hist, local_hist);
  merge_weights(sums, local_sums);
}

extern "C" __global__ void histogram_direct(const unsigned int *keys, const float *weights,
                                            unsigned int *hist, float *sums, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    bump(hist, keys[i]);
    add_weight(sums, keys[i], weights[i]);
  }
}

// Blocks of WARPS * 32 threads.
extern "C" __global__ void histogram_per_warp(const unsigned int *keys, unsigned int *hist,
                                              int n) {
  __shared__ unsigned int warp_hist[WARPS][BINS];
  int warp = threadIdx.x / 32;
  clear_counts(&warp_hist[0][0], WARPS * BINS);
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    bump(warp_hist[warp], __ldg(&keys[i]));
  __syncthreads();
  if (threadIdx.x < BINS)
    for (int w = 1; w < WARPS; ++w)
      warp_hist[0][threadIdx.x] += warp_hist[w][threadIdx.x];
  __syncthreads();
  merge_counts(hist, warp_hist[0]);
}
