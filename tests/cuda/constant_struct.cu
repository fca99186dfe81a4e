// constant_struct: a `__constant__` struct set by the host (cudaMemcpyToSymbol
// of a whole struct), read field by field in the kernel, through a generic
// `const Params *` in a noinline helper, and through a generic pointer to a
// local (alloca) copy that the kernel modified. Like constant_coeffs, the
// variable must stay `externally_initialized` or its loads fold to zero.
struct Params {
  float scale;
  float bias;
  int shift;  // >= 0
  int stride; // >= 0
  float weights[4];
}; // 32 bytes, no padding

__constant__ Params params;

__device__ __noinline__ float apply(const Params *p, const float *in, int i, int n) {
  int j = (i * p->stride + p->shift) % n;
  return p->scale * in[j] + p->bias + p->weights[i & 3];
}

extern "C" __global__ void affine_direct(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int j = (i * params.stride + params.shift) % n;
  out[i] = params.scale * in[j] + params.bias + params.weights[i & 3];
}

extern "C" __global__ void affine_helper(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = apply(&params, in, i, n);
}

extern "C" __global__ void affine_local_copy(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Params local = params;
  local.bias += 1.0f;
  local.weights[i & 3] *= 2.0f;
  if (i < n)
    out[i] = apply(&local, in, i, n);
}
