// atomics: atomicAdd/atomicMax through generic pointers. Noinline helpers
// take `int *`/`float *` and are called with shared and with global memory:
// a per-block histogram in shared memory merged into global, the same
// histogram built directly in global memory, block sums in shared memory and
// a grand total in global memory. The float inputs are multiples of 1/8, so
// every partial sum is exact and the result does not depend on the order.
#define BINS 64

__device__ __noinline__ void bump(int *bins, int key) { atomicAdd(&bins[key & (BINS - 1)], 1); }

__device__ __noinline__ void accumulate(float *sum, float v) { atomicAdd(sum, v); }

__device__ __noinline__ void raise_max(int *m, int v) { atomicMax(m, v); }

extern "C" __global__ void histogram(const int *keys, const float *in, int *hist,
                                     int *hist_direct, float *block_sums, float *total,
                                     int *max_key, int n) {
  __shared__ int local_hist[BINS];
  __shared__ float local_sum;
  __shared__ int local_max;
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  if (t < BINS)
    local_hist[t] = 0;
  if (t == 0) {
    local_sum = 0.0f;
    local_max = 0;
  }
  __syncthreads();
  if (i < n) {
    bump(local_hist, keys[i]);
    bump(hist_direct, keys[i]);
    accumulate(&local_sum, in[i]);
    raise_max(&local_max, keys[i]);
  }
  __syncthreads();
  if (t < BINS)
    atomicAdd(&hist[t], local_hist[t]);
  if (t == 0) {
    block_sums[blockIdx.x] = local_sum;
    accumulate(total, local_sum);
    raise_max(max_key, local_max);
  }
}
