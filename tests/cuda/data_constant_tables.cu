// data_constant_tables: `__constant__` tables set by the host (a cubic's
// coefficients, an int lookup table, eight weights), read directly in the
// kernel (ld.const) and through generic pointers in noinline helpers
// (horner, lookup, dot8). weighted_window also calls dot8 with a pointer
// that is the `__constant__` weights for threads whose input is negative
// and a global buffer for the others: a run-time choice that must stay
// generic.
__constant__ float poly[4];
__constant__ int lut[16];
__constant__ float weights[8];

__device__ __noinline__ float horner(const float *c, int deg, float x) {
  float r = c[deg];
  for (int k = deg - 1; k >= 0; --k)
    r = r * x + c[k];
  return r;
}

__device__ __noinline__ int lookup(const int *table, int key) { return table[key & 15]; }

__device__ __noinline__ float dot8(const float *w, const float *x, int stride) {
  float sum = 0.0f;
  for (int k = 0; k < 8; ++k)
    sum += w[k] * x[k * stride];
  return sum;
}

extern "C" __global__ void eval_direct(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i];
  out[i] = poly[0] + x * (poly[1] + x * (poly[2] + x * poly[3]));
}

extern "C" __global__ void eval_helper(const float *in, const int *keys, float *out,
                                       int *picked, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[i] = horner(poly, 3, in[i]);
  int key = keys[i];
  picked[i] = lookup(lut, key) + lut[(key >> 12) & 15];
}

// in has n + 16 elements.
extern "C" __global__ void weighted_window(const float *in, const float *wglobal, float *out,
                                           int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const float *w = in[i] < 0.0f ? weights : wglobal;
  out[i] = dot8(w, in + i, 1) + dot8(weights, in + i, 2);
}
