// stencil1d_halo: a 7-point 1D stencil (radius 3) whose input window, with
// a halo of 3 on each side clamped at the array's ends, is loaded by a
// `__device__ __noinline__` helper taking a generic `float *` tile, and
// applied by a helper taking generic window and tap pointers. The taps come
// from a global buffer. stencil1d_shared: tile and taps in `__shared__`
// memory; stencil1d_scratch: the tile in a per-block slice of a global
// scratch buffer and the taps read from global memory (so gas must clone
// both helpers); stencil1d_mixed: the taps in shared memory and, per
// thread, the window read from global memory where no clamping is needed
// and from the shared tile near the ends (a run-time choice gas must keep).
#define RADIUS 3
#define TAPS (2 * RADIUS + 1)
#define BLOCK 256

// tile[k] = in[clamp(base - RADIUS + k, 0, n - 1)] for k < blockDim.x + 2 * RADIUS.
__device__ __noinline__ void load_with_halo(float *tile, const float *in, int base, int n) {
  for (int k = threadIdx.x; k < (int)blockDim.x + 2 * RADIUS; k += blockDim.x) {
    int j = base - RADIUS + k;
    j = j < 0 ? 0 : (j >= n ? n - 1 : j);
    tile[k] = in[j];
  }
}

// sum over k < TAPS of taps[k] * window[k].
__device__ __noinline__ float apply_taps(const float *window, const float *taps) {
  float acc = 0.0f;
  for (int k = 0; k < TAPS; ++k)
    acc += taps[k] * window[k];
  return acc;
}

// n a multiple of BLOCK; blocks of BLOCK threads.
extern "C" __global__ void stencil1d_shared(const float *in, const float *taps, float *out,
                                            int n) {
  __shared__ float tile[BLOCK + 2 * RADIUS];
  __shared__ float shared_taps[TAPS];
  int t = threadIdx.x;
  int base = blockIdx.x * blockDim.x;
  if (t < TAPS)
    shared_taps[t] = taps[t];
  load_with_halo(tile, in, base, n);
  __syncthreads();
  out[base + t] = apply_taps(&tile[t], shared_taps);
}

// scratch: BLOCK + 2 * RADIUS floats per block.
extern "C" __global__ void stencil1d_scratch(const float *in, const float *taps, float *out,
                                             float *scratch, int n) {
  int t = threadIdx.x;
  int base = blockIdx.x * blockDim.x;
  float *tile = &scratch[blockIdx.x * (BLOCK + 2 * RADIUS)];
  load_with_halo(tile, in, base, n);
  __syncthreads();
  out[base + t] = apply_taps(&tile[t], taps);
}

extern "C" __global__ void stencil1d_mixed(const float *in, const float *taps, float *out,
                                           int n) {
  __shared__ float tile[BLOCK + 2 * RADIUS];
  __shared__ float shared_taps[TAPS];
  int t = threadIdx.x;
  int base = blockIdx.x * blockDim.x;
  int i = base + t;
  if (t < TAPS)
    shared_taps[t] = taps[t];
  load_with_halo(tile, in, base, n);
  __syncthreads();
  const float *window = (i >= RADIUS && i < n - RADIUS) ? &in[i - RADIUS] : &tile[t];
  out[i] = apply_taps(window, shared_taps);
}
