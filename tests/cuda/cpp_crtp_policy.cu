// cpp_crtp_policy: a CRTP base (Stage<Derived, T>) whose noinline member
// sum3 calls the derived class's load through static_cast<const Derived *>
// (this): a global stage, a shared stage; and virtual-free policy classes
// (static apply) passed as template arguments to a noinline helper that
// rewrites shared and global memory through a generic pointer. Instantiated
// for float and int.
#define TILE 256

template <typename Derived, typename T> struct Stage {
  __device__ T load(int k) const { return static_cast<const Derived *>(this)->load_impl(k); }
  __device__ void store(int k, T v) { static_cast<Derived *>(this)->store_impl(k, v); }
  __device__ __noinline__ T sum3(int k) const { return load(k) + load(k + 1) + load(k + 2); }
};

template <typename T> struct GlobalStage : Stage<GlobalStage<T>, T> {
  T *data;
  int n;
  __device__ GlobalStage(T *d, int size) : data(d), n(size) {}
  __device__ T load_impl(int k) const { return data[k % n]; }
  __device__ void store_impl(int k, T v) { data[k % n] = v; }
};

template <typename T> struct SharedStage : Stage<SharedStage<T>, T> {
  T *tile;
  __device__ explicit SharedStage(T *t) : tile(t) {}
  __device__ T load_impl(int k) const { return tile[k % TILE]; }
  __device__ void store_impl(int k, T v) { tile[k % TILE] = v; }
};

struct AbsPolicy {
  template <typename T> __device__ static T apply(T v) { return v < T(0) ? -v : v; }
};

struct DoublePolicy {
  template <typename T> __device__ static T apply(T v) { return v + v; }
};

template <typename Policy, typename T> __device__ __noinline__ void apply_policy(T *p, int count) {
  for (int k = 0; k < count; ++k)
    p[k] = Policy::apply(p[k]);
}

template <typename T> __device__ void run_crtp(T *in, T *out, T *tile, int n) {
  int t = threadIdx.x;
  int i = blockIdx.x * TILE + t;
  GlobalStage<T> g(in, n);
  SharedStage<T> s(tile);
  s.store(t, g.load(i));
  __syncthreads();
  T a = s.sum3(t + 1);
  T b = g.sum3(i);
  __syncthreads();
  s.store(t, a - b);
  apply_policy<AbsPolicy>(tile + t, 1);
  __syncthreads();
  T c = s.sum3(t);
  GlobalStage<T> o(out, n);
  o.store(i, c);
  apply_policy<DoublePolicy>(out + i, 1);
}

extern "C" __global__ void crtp_float(float *in, float *out, int n) {
  __shared__ float tile[TILE];
  run_crtp(in, out, tile, n);
}

extern "C" __global__ void crtp_int(int *in, int *out, int n) {
  __shared__ int tile[TILE];
  run_crtp(in, out, tile, n);
}
