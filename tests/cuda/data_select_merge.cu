// data_select_merge: pointers merged by `select` and by phis. select_global:
// both sides global (a and b picked per thread by a key bit, an output half
// picked by another, and a loop whose pointer switches between a and b on the
// running sum): gas can resolve all of them to global. select_mixed: a
// noinline helper reads through a pointer that is a `__shared__` tile or the
// block's part of a global buffer depending on each thread's key; phi_mixed
// writes through a pointer chosen by if/else between shared and global memory
// on the sign of the input, and accumulates through a pointer that flips
// between a shared and a global slot inside a loop on the inputs' signs.
// Those choices depend on run-time data: the pointers must stay generic.
#define TILE 256

__device__ __noinline__ float sum3(const float *p, int i, int mask) {
  return p[i & mask] + p[(i + 1) & mask] + p[(i + 2) & mask];
}

__device__ __noinline__ void store3(float *dst, float v) { *dst = 3.0f * v; }

__device__ __noinline__ void add_to(float *acc, float v) { *acc += v; }

// out has 2 * n elements; n is a power of two.
extern "C" __global__ void select_global(const float *a, const float *b, const int *keys,
                                         float *out, float *out_loop, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int key = keys[i];
  const float *src = (key & 1) ? a : b;
  float *dst = (key & 2) ? out : out + n;
  dst[i] = src[i] * 2.0f + sum3(src, i, n - 1);
  const float *p = a;
  float acc = 0.0f;
  for (int k = 0; k < 4; ++k) {
    acc += p[(i + k) & (n - 1)];
    p = acc > 0.0f ? b : a;
  }
  out_loop[i] = acc + sum3(p, i + 7, n - 1);
}

// Every block is full (grid * TILE == n).
extern "C" __global__ void select_mixed(const float *in, const int *keys, float *out) {
  __shared__ float tile[TILE];
  int t = threadIdx.x;
  int i = blockIdx.x * TILE + t;
  tile[t] = in[i] * 0.5f;
  __syncthreads();
  const float *src = (keys[i] & 1) ? tile : in + blockIdx.x * TILE;
  out[i] = sum3(src, t, TILE - 1) - src[t];
}

// Every block is full (grid * TILE == n); n is a power of two.
extern "C" __global__ void phi_mixed(const float *in, const int *keys, float *gout,
                                     float *out, float *g_acc, float *out_acc, int n) {
  __shared__ float scratch[TILE];
  __shared__ float s_acc[TILE];
  int t = threadIdx.x;
  int i = blockIdx.x * TILE + t;
  float v = in[i];
  float *dst;
  if (v > 0.0f)
    dst = &scratch[t];
  else
    dst = &gout[i];
  store3(dst, v);
  s_acc[t] = 0.0f;
  bool flip = (keys[i] >> 2) & 1;
  float *acc = flip ? &g_acc[i] : &s_acc[t];
  for (int k = 0; k < 4; ++k) {
    float x = in[(i + k) & (n - 1)];
    add_to(acc, x);
    if (x < 0.0f) {
      flip = !flip;
      acc = flip ? &g_acc[i] : &s_acc[t];
    }
  }
  __syncthreads();
  out[i] = v > 0.0f ? scratch[t] : gout[i] + 1.0f;
  out_acc[i] = s_acc[t];
}
