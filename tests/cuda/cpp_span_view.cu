// cpp_span_view: a Span<T> class (pointer + length) built over a
// `__shared__` tile, over a global buffer and as a subspan of the shared
// tile; noinline template functions and a noinline member take the span by
// value, so its data pointer arrives generic. Instantiated for float and
// int through one extern "C" wrapper kernel per type.
#define TILE 256

template <typename T> class Span {
public:
  __device__ Span(T *data, int size) : data_(data), size_(size) {}
  __device__ T &operator[](int k) const { return data_[k]; }
  __device__ int size() const { return size_; }
  __device__ T *data() const { return data_; }
  __device__ Span subspan(int first, int count) const { return Span(data_ + first, count); }
  __device__ __noinline__ T sum() const {
    T s = T(0);
    for (int k = 0; k < size_; ++k)
      s += data_[k];
    return s;
  }

private:
  T *data_;
  int size_;
};

// Sum of `count` elements from `first`, wrapping around the span.
template <typename T> __device__ __noinline__ T window_sum(Span<T> s, int first, int count) {
  T acc = T(0);
  for (int k = 0; k < count; ++k)
    acc += s[(first + k) % s.size()];
  return acc;
}

template <typename T> __device__ __noinline__ void store_at(Span<T> s, int k, T value) {
  s[k] = value;
}

template <typename T>
__device__ void run_span(T *in, T *out, T *block_out, T *tile, int n) {
  int t = threadIdx.x;
  int i = blockIdx.x * TILE + t;
  Span<T> global_span(in, n);
  Span<T> shared_span(tile, TILE);
  shared_span[t] = global_span[i];
  __syncthreads();
  Span<T> quarter = shared_span.subspan((t / 64) * 64, 64);
  T a = window_sum(shared_span, t, 4);
  T b = window_sum(global_span, i, 3);
  T c = window_sum(quarter, t % 64, 2);
  T d = quarter.sum();
  Span<T> out_span(out, n);
  store_at(out_span, i, a + T(2) * b + c - d);
  if (t == 0)
    store_at(Span<T>(block_out, gridDim.x), (int)blockIdx.x, shared_span.sum());
}

extern "C" __global__ void span_float(float *in, float *out, float *block_out, int n) {
  __shared__ float tile[TILE];
  run_span(in, out, block_out, tile, n);
}

extern "C" __global__ void span_int(int *in, int *out, int *block_out, int n) {
  __shared__ int tile[TILE];
  run_span(in, out, block_out, tile, n);
}
