// device_globals: `__device__` variables (global memory, addrspace 1). clang
// marks them `externally_initialized` too. dev_gain, dev_perm and dev_bias
// (which has an initializer) are written by the host before the launch;
// dev_count is counted by one kernel with atomics, read by the next kernel and
// read back by the host. dev_perm is also read through a generic pointer in a
// noinline helper.
__device__ float dev_gain;
__device__ float dev_bias = 1.0f;
__device__ int dev_perm[8];
__device__ int dev_count;

__device__ __noinline__ int pick(const int *perm, int k) { return perm[k & 7]; }

extern "C" __global__ void gather_scale(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int j = (i & ~7) | dev_perm[i & 7]; // n is a multiple of 8
  out[i] = in[j] * dev_gain + dev_bias;
  if (in[i] > 0.0f)
    atomicAdd(&dev_count, 1);
}

extern "C" __global__ void gather_helper(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int j = (i & ~7) | pick(dev_perm, i);
  out[i] = in[j] - dev_bias;
}

extern "C" __global__ void use_count(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = dev_count + i;
}
