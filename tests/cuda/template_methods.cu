// template_methods: C++ templates and member functions. `this` is a generic
// pointer: to a local object (alloca), to a `__shared__` object and to a
// global one; Span<T> holds a generic data pointer to shared or global
// memory. Instantiated for float and int.
#define TILE 256

template <typename T> struct remove_const { typedef T type; };
template <typename T> struct remove_const<const T> { typedef T type; };

template <typename T> struct Span {
  T *data;
  int size;
  __device__ __noinline__ typename remove_const<T>::type window(int first, int count) const {
    typename remove_const<T>::type s = 0;
    for (int k = 0; k < count; ++k)
      s += data[(first + k) % size];
    return s;
  }
  __device__ __noinline__ void scale_at(int k, T factor) { data[k] = data[k] * factor; }
};

template <typename T> struct Accum {
  T total;
  int count;
  __device__ __noinline__ void add(T v) {
    total += v;
    count += 1;
  }
};

template <typename T>
__device__ void run(const T *in, T *out, T *block_out, T *tile, Accum<T> *block_acc, int n) {
  int t = threadIdx.x;
  int i = blockIdx.x * TILE + t;
  tile[t] = in[i];
  __syncthreads();
  Span<T> shared_span = {tile, TILE};
  Span<const T> global_span = {in, n};
  Accum<T> acc = {T(0), 0}; // local: `this` is a pointer to an alloca
  acc.add(shared_span.window(t, 4));
  acc.add(global_span.window(i, 3));
  out[i] = acc.total + T(acc.count);
  Span<T> out_span = {out, n};
  out_span.scale_at(i, T(2));
  if (t == 0) {
    *block_acc = Accum<T>{T(0), 0}; // shared `this`
    for (int k = 0; k < 4; ++k)
      block_acc->add(tile[k * 64]);
    block_out[blockIdx.x] = block_acc->total + T(block_acc->count);
  }
}

extern "C" __global__ void template_float(const float *in, float *out, float *block_out,
                                          int n) {
  __shared__ float tile[TILE];
  __shared__ Accum<float> block_acc;
  run(in, out, block_out, tile, &block_acc, n);
}

extern "C" __global__ void template_int(const int *in, int *out, int *block_out, int n) {
  __shared__ int tile[TILE];
  __shared__ Accum<int> block_acc;
  run(in, out, block_out, tile, &block_acc, n);
}

// `this` in global memory: one Accum per block in a global buffer of
// {float total; int count} pairs.
extern "C" __global__ void method_on_global(const float *in, Accum<float> *accs, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (threadIdx.x == 0) {
    Accum<float> *a = &accs[blockIdx.x];
    for (int k = 0; k < 8 && i + k < n; ++k)
      a->add(in[i + k]);
  }
}
