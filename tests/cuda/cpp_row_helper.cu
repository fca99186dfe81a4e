// cpp_row_helper: noinline template helpers returning pointers, row(base,
// r, stride) and at(base, r, c, stride) (a reference), used on a padded
// `__shared__` tile and on global matrices: a 16x16 tiled transpose-and-add
// and per-tile row sums written through a row pointer into a global array.
// Instantiated for float and int.
#define TS 16
#define PAD 17

template <typename T> __device__ __noinline__ T *row(T *base, int r, int stride) {
  return base + r * stride;
}

template <typename T> __device__ __noinline__ T &at(T *base, int r, int c, int stride) {
  return row(base, r, stride)[c];
}

// in, out: width x width, row-major; row_sums: width x (width / TS).
template <typename T> __device__ void run_rows(T *in, T *out, T *row_sums, T *tile, int width) {
  int tx = threadIdx.x % TS, ty = threadIdx.x / TS;
  int bx = blockIdx.x, by = blockIdx.y;
  T *grow = row(in, by * TS + ty, width);
  row(tile, ty, PAD)[tx] = grow[bx * TS + tx];
  __syncthreads();
  int r = bx * TS + ty, c = by * TS + tx;
  at(out, r, c, width) = at(tile, tx, ty, PAD) + row(in, r, width)[c];
  if (ty == 0) {
    T s = T(0);
    T *trow = row(tile, tx, PAD);
    for (int k = 0; k < TS; ++k)
      s += trow[k];
    row(row_sums, by * TS + tx, width / TS)[bx] = s;
  }
}

extern "C" __global__ void rows_float(float *in, float *out, float *row_sums, int width) {
  __shared__ float tile[TS * PAD];
  run_rows(in, out, row_sums, tile, width);
}

extern "C" __global__ void rows_int(int *in, int *out, int *row_sums, int width) {
  __shared__ int tile[TS * PAD];
  run_rows(in, out, row_sums, tile, width);
}
