// struct_params: pointers inside structs. The kernel takes a struct of
// global-memory pointers by value (a .param aggregate; the pointers in it are
// generic in the IR), passes it by reference (generic pointer to the
// parameter copy) and by value to noinline helpers, and builds a local
// struct holding one shared and one global pointer that it passes by value.
#define TILE 256

struct Views {
  const float *a;
  const float *b;
  float *sum;
  float *diff;
  int n;
  int pad;
};

struct Pair {
  const float *src; // shared
  float *dst;       // global
};

__device__ __noinline__ void write_diff(const Views &v, int i) {
  v.diff[i] = v.a[i] - 2.0f * v.b[i];
}

__device__ __noinline__ float read_b(Views v, int i) { return v.b[(i + 1) % v.n]; }

__device__ __noinline__ void copy_pair(Pair p, int k, float factor) {
  p.dst[k] = p.src[k] * factor;
}

extern "C" __global__ void views(Views v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  v.sum[i] = v.a[i] + v.b[i] + read_b(v, i);
  write_diff(v, i);
}

extern "C" __global__ void pair_copy(const float *in, float *out, int n) {
  __shared__ float tile[TILE];
  int t = threadIdx.x;
  int i = blockIdx.x * TILE + t;
  if ((int)blockIdx.x * TILE >= n) // uniform per block (barrier below)
    return;
  tile[t] = in[i];
  __syncthreads();
  Pair p = {tile, out + blockIdx.x * TILE};
  copy_pair(p, TILE - 1 - t, 4.0f);
}
