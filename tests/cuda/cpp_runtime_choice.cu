// cpp_runtime_choice: run-time choices that must stay generic. A View<T>
// whose data pointer is the `__shared__` tile on odd threads and the
// block's global row on even ones (the tile holds three times the global
// values); a noinline pick() returning a pointer to a shared or a global
// cell by a data-dependent condition, then updated through a noinline
// helper. Instantiated for float and int.
#define TILE 256

template <typename T> struct View {
  T *p;
  int len;
  __device__ T &operator[](int k) const { return p[k]; }
  __device__ __noinline__ T window(int first, int count) const {
    T s = T(0);
    for (int k = 0; k < count; ++k)
      s += p[(first + k) % len];
    return s;
  }
};

template <typename T> __device__ __noinline__ T *pick(bool first, T *a, T *b) {
  return first ? a : b;
}

template <typename T> __device__ __noinline__ void bump(T *cell, T by) {
  *cell += by;
  *cell += T(1);
}

template <typename T>
__device__ void run_choice(T *in, T *out, T *cells, T *tile, T *shared_cells) {
  int t = threadIdx.x;
  int base = blockIdx.x * TILE;
  int i = base + t;
  tile[t] = T(3) * in[i];
  shared_cells[t] = T(0);
  cells[i] = T(0);
  __syncthreads();
  View<T> v = {(t & 1) ? tile : in + base, TILE};
  T a = v.window(t, 4);
  T *cell = pick(in[i] > in[base + (t + 1) % TILE], &shared_cells[t], &cells[i]);
  bump(cell, a);
  out[i] = shared_cells[t] + v[t];
}

extern "C" __global__ void choice_float(float *in, float *out, float *cells) {
  __shared__ float tile[TILE];
  __shared__ float shared_cells[TILE];
  run_choice(in, out, cells, tile, shared_cells);
}

extern "C" __global__ void choice_int(int *in, int *out, int *cells) {
  __shared__ int tile[TILE];
  __shared__ int shared_cells[TILE];
  run_choice(in, out, cells, tile, shared_cells);
}
