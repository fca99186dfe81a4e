// shared_tile: a `__shared__` tile (static, and `extern __shared__` dynamic
// shared memory) with `__device__ __noinline__` helpers taking generic
// `float *`, each called with shared and with global memory: sum3 reads a
// 3-point window of the tile and of the input, store_scaled copies global ->
// shared and shared -> global.
#define TILE 256

__device__ __noinline__ float sum3(const float *p) { return p[0] + 2.0f * p[1] + p[2]; }

__device__ __noinline__ void store_scaled(float *dst, const float *src, float k) {
  *dst = *src * k;
}

// in: n + 2 elements; n a multiple of TILE, blocks of TILE threads.
extern "C" __global__ void tile_sum3(const float *in, float *out, float *out_copy,
                                     int n) {
  __shared__ float tile[TILE + 2];
  int t = threadIdx.x;
  int i = blockIdx.x * TILE + t;
  store_scaled(&tile[t], &in[i], 1.0f);
  if (t < 2)
    tile[TILE + t] = in[i + TILE];
  __syncthreads();
  float from_shared = sum3(&tile[t]);
  float from_global = sum3(&in[(i * 7) % n]);
  out[i] = from_shared + 0.5f * from_global;
  store_scaled(&out_copy[i], &tile[t + 1], -2.0f);
}

extern __shared__ float dynamic_tile[];

// The same with dynamic shared memory (TILE + 2 floats at launch).
extern "C" __global__ void tile_sum3_dynamic(const float *in, float *out, int n) {
  int t = threadIdx.x;
  int i = blockIdx.x * TILE + t;
  if ((int)blockIdx.x * TILE >= n) // uniform per block (barrier below)
    return;
  store_scaled(&dynamic_tile[t], &in[i], 0.5f);
  if (t < 2)
    dynamic_tile[TILE + t] = in[i + TILE];
  __syncthreads();
  out[i] = sum3(&dynamic_tile[t]) - sum3(&in[i]);
}
