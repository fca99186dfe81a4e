// scan_hillis_steele: inclusive block scans of floats. hs_scan is the
// double-buffered Hillis-Steele scan in a `__device__ __noinline__` helper:
// it takes two generic `float *` buffers, swaps them every step and returns
// the one holding the result (a pointer that is one parameter or the other).
// scan_ping_pong gives it two `__shared__` buffers; scan_mixed_buffers gives
// it a shared buffer and a global one, so the pointer it works through flips
// between shared and global memory from step to step (a run-time choice gas
// must keep). scan_warp_shuffle scans with `__shfl_up_sync` per warp and
// adds the warp totals through a `__shared__` array a helper takes as
// `float *`, called once more with a global array.

// Inclusive scan of a[0 .. blockDim.x), blockDim.x a power of two; b is the
// other buffer (as large). Every thread of the block calls it. Returns a or
// b, whichever holds the result.
__device__ __noinline__ float *hs_scan(float *a, float *b) {
  int t = threadIdx.x;
  for (int offset = 1; offset < (int)blockDim.x; offset <<= 1) {
    __syncthreads();
    b[t] = t >= offset ? a[t] + a[t - offset] : a[t];
    float *swap = a;
    a = b;
    b = swap;
  }
  __syncthreads();
  return a;
}

extern "C" __global__ void scan_ping_pong(const float *in, float *out) {
  __shared__ float ping[256], pong[256];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  ping[t] = in[i];
  float *result = hs_scan(ping, pong);
  out[i] = result[t];
}

// scratch: blockDim.x floats per block.
extern "C" __global__ void scan_mixed_buffers(const float *in, float *out, float *scratch) {
  __shared__ float ping[256];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  ping[t] = in[i];
  float *result = hs_scan(ping, &scratch[blockIdx.x * blockDim.x]);
  out[i] = result[t];
}

// Inclusive scan across the 32 lanes of a warp.
__device__ __noinline__ float warp_inclusive_scan(float v) {
  int lane = threadIdx.x & 31;
  for (int d = 1; d < 32; d <<= 1) {
    float u = __shfl_up_sync(0xffffffffu, v, d);
    if (lane >= d)
      v += u;
  }
  return v;
}

// Inclusive scan across the block (at most 32 warps); warp_totals holds one
// float per warp. Every thread of the block calls it.
__device__ __noinline__ float block_inclusive_scan(float v, float *warp_totals) {
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  int warps = blockDim.x >> 5;
  v = warp_inclusive_scan(v);
  if (lane == 31)
    warp_totals[warp] = v;
  __syncthreads();
  if (warp == 0) {
    float w = lane < warps ? warp_totals[lane] : 0.0f;
    w = warp_inclusive_scan(w);
    if (lane < warps)
      warp_totals[lane] = w;
  }
  __syncthreads();
  if (warp > 0)
    v += warp_totals[warp - 1];
  return v;
}

// out: the block scan with the warp totals in shared memory; out_global: the
// same with them in global memory (warp_sums: blockDim.x / 32 per block,
// left holding the scanned warp totals).
extern "C" __global__ void scan_warp_shuffle(const float *in, float *out, float *out_global,
                                             float *warp_sums) {
  __shared__ float totals[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  out[i] = block_inclusive_scan(v, totals);
  out_global[i] = block_inclusive_scan(v, &warp_sums[blockIdx.x * (blockDim.x >> 5)]);
}
