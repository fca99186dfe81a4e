// cpp_functor_lambda: functors and lambdas passed to noinline template
// helpers (transform_n, reduce_n, for_each_index) that take generic
// pointers: a functor over global->shared, a lambda reduction over shared
// and a functor reduction over global memory, a by-reference lambda whose
// closure holds pointers to a local accumulator and to the shared/global
// pointers, and a by-value lambda capturing the shared tile pointer.
// Instantiated for float and int.
#define TILE 256

template <typename T> struct AddScaled {
  T scale;
  __device__ T operator()(T a, int k) const { return a * scale + T(k); }
};

template <typename T> struct Plus {
  __device__ T operator()(T a, T b) const { return a + b; }
};

template <typename T, typename F>
__device__ __noinline__ void transform_n(const T *src, T *dst, int count, F f) {
  for (int k = 0; k < count; ++k)
    dst[k] = f(src[k], k);
}

template <typename T, typename F>
__device__ __noinline__ T reduce_n(const T *src, int count, T init, F f) {
  T acc = init;
  for (int k = 0; k < count; ++k)
    acc = f(acc, src[k]);
  return acc;
}

template <typename F> __device__ __noinline__ void for_each_index(int count, F f) {
  for (int k = 0; k < count; ++k)
    f(k);
}

template <typename T> __device__ void run_functors(T *in, T *out, T *tile, int n) {
  int t = threadIdx.x;
  int i = blockIdx.x * TILE + t;
  transform_n(in + i, tile + t, 1, AddScaled<T>{T(2)}); // tile[t] = 2 * in[i]
  __syncthreads();
  int group = t & ~3;
  T mx = reduce_n(tile + group, 4, tile[group], [](T a, T b) { return a > b ? a : b; });
  T sm = reduce_n(in + (i & ~7), 8, T(0), Plus<T>());
  T acc = T(0);
  for_each_index(3, [&](int k) { acc += tile[(t + k) % TILE] - in[(i + k) % n]; });
  T r = mx + sm + acc;
  transform_n(&r, out + i, 1, [=](T a, int k) { return a + tile[t] * T(k + 1); });
}

extern "C" __global__ void functor_float(float *in, float *out, int n) {
  __shared__ float tile[TILE];
  run_functors(in, out, tile, n);
}

extern "C" __global__ void functor_int(int *in, int *out, int n) {
  __shared__ int tile[TILE];
  run_functors(in, out, tile, n);
}
