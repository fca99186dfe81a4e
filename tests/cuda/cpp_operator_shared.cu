// cpp_operator_shared: operator overloading on structs living in shared
// memory. Cplx (float re, im) with noinline operator+=, operator[] returning
// float& and a free operator* taking const references: `this` and the
// references point to a local, to a `__shared__` array element and to a
// global element (a float buffer reinterpreted as Cplx). IVec4 (int v[4])
// with a noinline operator+= in a shared-memory tree reduction, then on a
// global result with a local argument.
#define TILE 256

struct Cplx {
  float re, im;
  __device__ __noinline__ Cplx &operator+=(const Cplx &o) {
    re += o.re;
    im += o.im;
    return *this;
  }
  __device__ __noinline__ float &operator[](int k) { return k == 0 ? re : im; }
};

__device__ __noinline__ Cplx operator*(const Cplx &a, const Cplx &b) {
  return Cplx{a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}

// in, out: n complex numbers as 2 * n floats (re, im).
extern "C" __global__ void ops_cplx(float *in, float *out, int n) {
  __shared__ Cplx tile[TILE];
  int t = threadIdx.x;
  int i = blockIdx.x * TILE + t;
  Cplx *g = reinterpret_cast<Cplx *>(in);
  Cplx *o = reinterpret_cast<Cplx *>(out);
  tile[t] = g[i];
  __syncthreads();
  Cplx acc = tile[t];
  acc += tile[(t + 1) % TILE]; // local this, shared argument
  __syncthreads();
  tile[t] += g[(i + 2) % n]; // shared this, global argument
  Cplx p = acc * tile[t];    // local and shared references
  o[i] = p;
  o[i][1] -= acc[0];     // global this
  o[i] += tile[t];       // global this, shared argument
  tile[t][0] += o[i][1]; // shared this, global this
  o[i][0] -= tile[t][0];
}

struct IVec4 {
  int v[4];
  __device__ __noinline__ IVec4 &operator+=(const IVec4 &o) {
    for (int k = 0; k < 4; ++k)
      v[k] += o.v[k];
    return *this;
  }
};

// in: 4 ints per thread; sums: 4 ints per block.
extern "C" __global__ void ops_ivec(const IVec4 *in, IVec4 *sums) {
  __shared__ IVec4 tile[TILE];
  int t = threadIdx.x;
  int i = blockIdx.x * TILE + t;
  tile[t] = in[i];
  __syncthreads();
  for (int stride = TILE / 2; stride > 0; stride /= 2) {
    if (t < stride)
      tile[t] += tile[t + stride]; // shared this and argument
    __syncthreads();
  }
  if (t == 0) {
    IVec4 bias = {{1, 2, 3, 4}};
    sums[blockIdx.x] = tile[0];
    sums[blockIdx.x] += bias; // global this, local argument
  }
}
