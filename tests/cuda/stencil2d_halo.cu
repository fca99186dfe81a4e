// stencil2d_halo: a 5-point Laplacian over a 2D grid, blocks of 16 x 16
// threads. A `__device__ __noinline__` helper loads the block's 18 x 18
// window (a halo of one, clamped at the grid's edges) into a generic
// `float *` tile with a row pitch; another applies the 5-point stencil at a
// generic `const float *` centre with a pitch. stencil2d_shared works on a
// padded `__shared__` tile; stencil2d_mixed reads interior points straight
// from global memory (pitch = width) and edge points from the shared tile,
// a per-thread run-time choice gas must keep, and also runs the loader on a
// global scratch tile per block (so gas must clone it).
#define TILE 16
#define HALO_DIM (TILE + 2)
#define PITCH (HALO_DIM + 1)

__device__ __forceinline__ int clamp_to(int v, int hi) { return v < 0 ? 0 : (v > hi ? hi : v); }

// tile[r * pitch + c] = in[clamp(y0 - 1 + r) * width + clamp(x0 - 1 + c)]
// for r, c < HALO_DIM. Every thread of the block takes a share.
__device__ __noinline__ void load_window(float *tile, int pitch, const float *in, int width,
                                         int height, int x0, int y0) {
  int threads = blockDim.x * blockDim.y;
  for (int k = threadIdx.y * blockDim.x + threadIdx.x; k < HALO_DIM * HALO_DIM; k += threads) {
    int r = k / HALO_DIM, c = k % HALO_DIM;
    int y = clamp_to(y0 - 1 + r, height - 1), x = clamp_to(x0 - 1 + c, width - 1);
    tile[r * pitch + c] = in[y * width + x];
  }
}

__device__ __noinline__ float laplacian(const float *centre, int pitch) {
  return 4.0f * centre[0] - centre[-1] - centre[1] - centre[-pitch] - centre[pitch];
}

// width and height multiples of TILE; grid (width / TILE, height / TILE).
extern "C" __global__ void stencil2d_shared(const float *in, float *out, int width, int height) {
  __shared__ float tile[HALO_DIM * PITCH];
  int x0 = blockIdx.x * TILE, y0 = blockIdx.y * TILE;
  load_window(tile, PITCH, in, width, height, x0, y0);
  __syncthreads();
  int tx = threadIdx.x, ty = threadIdx.y;
  out[(y0 + ty) * width + x0 + tx] = laplacian(&tile[(ty + 1) * PITCH + tx + 1], PITCH);
}

// scratch: HALO_DIM * HALO_DIM floats per block (pitch HALO_DIM), block
// b = blockIdx.y * gridDim.x + blockIdx.x.
extern "C" __global__ void stencil2d_mixed(const float *in, float *out, float *scratch,
                                           int width, int height) {
  __shared__ float tile[HALO_DIM * PITCH];
  int x0 = blockIdx.x * TILE, y0 = blockIdx.y * TILE;
  load_window(tile, PITCH, in, width, height, x0, y0);
  load_window(&scratch[(blockIdx.y * gridDim.x + blockIdx.x) * HALO_DIM * HALO_DIM], HALO_DIM,
              in, width, height, x0, y0);
  __syncthreads();
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = x0 + tx, y = y0 + ty;
  bool interior = x > 0 && x < width - 1 && y > 0 && y < height - 1;
  const float *centre = interior ? &in[y * width + x] : &tile[(ty + 1) * PITCH + tx + 1];
  int pitch = interior ? width : PITCH;
  out[y * width + x] = laplacian(centre, pitch);
}
