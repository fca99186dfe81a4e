// cpp_reduce_ops: a noinline template block reduction taking a generic
// buffer and an operation (functor structs Plus/Max, and a lambda for min),
// all threads calling it (it has barriers): over a `__shared__` tile and in
// place over each block's part of a global scratch buffer. Instantiated for
// float and int; each block writes {sum, max, min, count above threshold}.
#define TILE 256

template <typename T> struct Plus {
  __device__ T operator()(T a, T b) const { return a + b; }
};

template <typename T> struct Max {
  __device__ T operator()(T a, T b) const { return a > b ? a : b; }
};

template <typename T, typename Op> __device__ __noinline__ T block_reduce(T *buf, Op op) {
  int t = threadIdx.x;
  for (int stride = TILE / 2; stride > 0; stride /= 2) {
    if (t < stride)
      buf[t] = op(buf[t], buf[t + stride]);
    __syncthreads();
  }
  T r = buf[0];
  __syncthreads();
  return r;
}

template <typename T>
__device__ void run_reduce(T *in, T *scratch, T *results, T *tile, T threshold) {
  int t = threadIdx.x;
  int base = blockIdx.x * TILE;
  int i = base + t;
  T x = in[i];
  tile[t] = x;
  scratch[i] = x;
  __syncthreads();
  T sum = block_reduce(tile, Plus<T>());
  T max = block_reduce(scratch + base, Max<T>());
  tile[t] = x;
  __syncthreads();
  T min = block_reduce(tile, [](T a, T b) { return a < b ? a : b; });
  scratch[i] = x > threshold ? T(1) : T(0);
  __syncthreads();
  T count = block_reduce(scratch + base, Plus<T>());
  if (t == 0) {
    T *r = results + 4 * blockIdx.x;
    r[0] = sum;
    r[1] = max;
    r[2] = min;
    r[3] = count;
  }
}

extern "C" __global__ void reduce_float(float *in, float *scratch, float *results,
                                        float threshold) {
  __shared__ float tile[TILE];
  run_reduce(in, scratch, results, tile, threshold);
}

extern "C" __global__ void reduce_int(int *in, int *scratch, int *results, int threshold) {
  __shared__ int tile[TILE];
  run_reduce(in, scratch, results, tile, threshold);
}
