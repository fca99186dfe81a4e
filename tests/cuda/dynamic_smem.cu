// dynamic_smem: `extern __shared__` dynamic shared memory carved at run
// time into arrays of several types and handed to `__device__ __noinline__`
// helpers as generic pointers, inputs read with `__ldg`. dyn_gather: a float
// array and an int array after it (at an offset of blockDim.x floats) feed
// gather(buf, idx, t) = buf[idx[t] % blockDim.x]; dyn_gather_global calls
// the same helper on global memory (so gas must clone it). dyn_window: two
// float arrays whose split point is a kernel argument: a window sum over
// the first (length m) written into the second, read back reversed.
extern __shared__ float dyn[];

__device__ __noinline__ float gather(const float *buf, const int *idx, int t) {
  return buf[idx[t] & (blockDim.x - 1)];
}

__device__ __noinline__ float sum_window(const float *p, int len) {
  float acc = 0.0f;
  for (int k = 0; k < len; ++k)
    acc += p[k];
  return acc;
}

// Blocks of 256 threads; shared memory: 256 floats + 256 ints.
// fbuf[j] = in[base + (j + 5) % 256], ibuf[j] = keys[base + j].
extern "C" __global__ void dyn_gather(const float *in, const int *keys, float *out) {
  int t = threadIdx.x, B = blockDim.x;
  int base = blockIdx.x * B;
  float *fbuf = dyn;
  int *ibuf = (int *)&dyn[B];
  fbuf[t] = __ldg(&in[base + (t + 5) % B]);
  ibuf[t] = __ldg(&keys[base + t]);
  __syncthreads();
  out[base + t] = gather(fbuf, ibuf, t);
}

extern "C" __global__ void dyn_gather_global(const float *in, const int *keys, float *out) {
  int t = threadIdx.x;
  int base = blockIdx.x * blockDim.x;
  out[base + t] = gather(&in[base], &keys[base], t);
}

// Shared memory: m + blockDim.x floats, m >= blockDim.x. a[k] = in[base + k]
// (0 past n) for k < m; b[t] = a[t] + ... + a[t + m - blockDim.x];
// out[base + t] = b[blockDim.x - 1 - t].
extern "C" __global__ void dyn_window(const float *in, float *out, int n, int m) {
  int t = threadIdx.x, B = blockDim.x;
  int base = blockIdx.x * B;
  float *a = dyn;
  float *b = dyn + m;
  for (int k = t; k < m; k += B)
    a[k] = base + k < n ? __ldg(&in[base + k]) : 0.0f;
  __syncthreads();
  b[t] = sum_window(&a[t], m - B + 1);
  __syncthreads();
  out[base + t] = b[B - 1 - t];
}
