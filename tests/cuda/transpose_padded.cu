// transpose_padded: matrix transpose through a padded `__shared__` tile
// (32 x 33 floats, so the column reads are free of bank conflicts), the
// classic blocks of 32 x 8 threads each moving 4 rows. The tile is filled
// and read by `__device__ __noinline__` helpers taking generic `T *` (a
// template, for float and int): load_block writes the tile, store_transposed
// reads it column-wise. transpose_shared uses a static shared tile,
// transpose_scratch hands the same helpers a per-block slice of a global
// scratch buffer instead (so gas must clone them), transpose_dynamic runs
// them on int data in `extern __shared__` memory with `__ldg` reads.
#define TDIM 32
#define ROWS 8
#define PITCH (TDIM + 1)

// tile[r * tile_pitch + c] = src[r * src_pitch + c] for r, c < TDIM.
template <typename T>
__device__ __noinline__ void load_block(T *tile, int tile_pitch, const T *src, int src_pitch) {
  int c = threadIdx.x;
  for (int r = threadIdx.y; r < TDIM; r += ROWS)
    tile[r * tile_pitch + c] = src[r * src_pitch + c];
}

// dst[r * dst_pitch + c] = tile[c * tile_pitch + r] for r, c < TDIM.
template <typename T>
__device__ __noinline__ void store_transposed(T *dst, int dst_pitch, const T *tile,
                                              int tile_pitch) {
  int c = threadIdx.x;
  for (int r = threadIdx.y; r < TDIM; r += ROWS)
    dst[r * dst_pitch + c] = tile[c * tile_pitch + r];
}

// in: rows x cols, row-major; out: cols x rows. rows and cols multiples of
// TDIM; grid (cols / TDIM, rows / TDIM), blocks (TDIM, ROWS).
extern "C" __global__ void transpose_shared(const float *in, float *out, int rows, int cols) {
  __shared__ float tile[TDIM][PITCH];
  int bx = blockIdx.x * TDIM, by = blockIdx.y * TDIM;
  load_block(&tile[0][0], PITCH, &in[by * cols + bx], cols);
  __syncthreads();
  store_transposed(&out[bx * rows + by], rows, &tile[0][0], PITCH);
}

// The same through global memory: block (bx, by) uses scratch[b * TDIM * PITCH ...]
// with b = blockIdx.y * gridDim.x + blockIdx.x (its padding column stays as it was).
extern "C" __global__ void transpose_scratch(const float *in, float *out, float *scratch,
                                             int rows, int cols) {
  int bx = blockIdx.x * TDIM, by = blockIdx.y * TDIM;
  float *tile = &scratch[(blockIdx.y * gridDim.x + blockIdx.x) * TDIM * PITCH];
  load_block(tile, PITCH, &in[by * cols + bx], cols);
  __syncthreads();
  store_transposed(&out[bx * rows + by], rows, tile, PITCH);
}

extern __shared__ int dynamic_tile[];

// Int data, the tile in dynamic shared memory (TDIM * PITCH ints at
// launch); each element is read once with __ldg and offset by its row.
extern "C" __global__ void transpose_dynamic(const int *in, int *out, int rows, int cols) {
  int bx = blockIdx.x * TDIM, by = blockIdx.y * TDIM;
  int c = threadIdx.x;
  for (int r = threadIdx.y; r < TDIM; r += ROWS)
    dynamic_tile[r * PITCH + c] = __ldg(&in[(by + r) * cols + bx + c]) + (by + r);
  __syncthreads();
  store_transposed(&out[bx * rows + by], rows, dynamic_tile, PITCH);
}
