// constant_coeffs: the headline case for gas's LLVM boundary. The 16 taps of
// a stencil live in `__constant__ float coeffs[16]`, which only the host
// fills (cudaMemcpyToSymbol; here cupy's module.get_global). clang marks the
// variable `externally_initialized`; an importer/exporter that drops the flag
// leaves a zero-initialized constant whose loads `llc -O3` folds to 0.0.
// Three ways to read the taps: directly in the kernel (ld.const), through a
// generic pointer in a noinline helper, and through a generic pointer that is
// __constant__ on even blocks and a global buffer on odd ones.
#define TAPS 16

__constant__ float coeffs[TAPS];

extern "C" __global__ void stencil(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float sum = 0.0f;
#pragma unroll
  for (int j = 0; j < TAPS; ++j)
    sum += coeffs[j] * in[i + j];
  out[i] = sum;
}

// taps: generic, to __constant__ or global memory.
__device__ __noinline__ float dot_taps(const float *taps, const float *x) {
  float sum = 0.0f;
  for (int j = 0; j < TAPS; ++j)
    sum += taps[j] * x[j];
  return sum;
}

extern "C" __global__ void stencil_helper(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = dot_taps(coeffs, in + i);
}

extern "C" __global__ void stencil_mixed(const float *in, const float *taps, float *out,
                                         int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float *t = (blockIdx.x & 1) ? taps : coeffs;
  if (i < n)
    out[i] = dot_taps(t, in + i);
}
