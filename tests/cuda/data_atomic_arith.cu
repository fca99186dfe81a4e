// data_atomic_arith: atomicAdd/atomicMax/atomicMin on int, unsigned and float,
// and atomicCAS loops (a float add, a float max, an unsigned product mod
// 2^32), each in a noinline helper taking a generic `int *`, `unsigned *` or
// `float *`. block_stats calls every helper on `__shared__` accumulators,
// then thread 0 merges them into global ones through the same helpers; each
// thread also updates a global histogram and per-bucket maxima directly.
// Every operation is commutative and associative and the float inputs are
// multiples of 1/8 (exact sums), so the results do not depend on the order.
#define BINS 64
#define TILE 256

__device__ __noinline__ void add_i(int *p, int v) { atomicAdd(p, v); }
__device__ __noinline__ void add_u(unsigned *p, unsigned v) { atomicAdd(p, v); }
__device__ __noinline__ void add_f(float *p, float v) { atomicAdd(p, v); }
__device__ __noinline__ void max_i(int *p, int v) { atomicMax(p, v); }
__device__ __noinline__ void min_i(int *p, int v) { atomicMin(p, v); }
__device__ __noinline__ void max_u(unsigned *p, unsigned v) { atomicMax(p, v); }
__device__ __noinline__ void min_u(unsigned *p, unsigned v) { atomicMin(p, v); }

__device__ __noinline__ void cas_add_f(float *p, float v) {
  int *q = (int *)p;
  int old = *q, assumed;
  do {
    assumed = old;
    old = atomicCAS(q, assumed, __float_as_int(__int_as_float(assumed) + v));
  } while (old != assumed);
}

__device__ __noinline__ void cas_max_f(float *p, float v) {
  int *q = (int *)p;
  int old = *q, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= v)
      break;
    old = atomicCAS(q, assumed, __float_as_int(v));
  } while (old != assumed);
}

__device__ __noinline__ void cas_mul_u(unsigned *p, unsigned v) {
  unsigned old = *p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, assumed * v);
  } while (old != assumed);
}

// g_int: {sum, max, min}; g_uns: {sum, max, min, product}; g_flt: {sum, cas
// sum, cas max}.
extern "C" __global__ void init_globals(int *g_int, unsigned *g_uns, float *g_flt) {
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    g_int[0] = 0;
    g_int[1] = -2147483647 - 1;
    g_int[2] = 2147483647;
    g_uns[0] = 0u;
    g_uns[1] = 0u;
    g_uns[2] = 0xffffffffu;
    g_uns[3] = 1u;
    g_flt[0] = 0.0f;
    g_flt[1] = 0.0f;
    g_flt[2] = -4.0f;
  }
}

// Every block is full (grid * TILE == number of keys).
extern "C" __global__ void block_stats(const int *keys, const float *in, int *blk_int,
                                       unsigned *blk_uns, float *blk_flt, int *g_int,
                                       unsigned *g_uns, float *g_flt, int *hist,
                                       unsigned *bucket_max) {
  __shared__ int s_int[3];
  __shared__ unsigned s_uns[4];
  __shared__ float s_flt[3];
  int t = threadIdx.x;
  int i = blockIdx.x * TILE + t;
  if (t == 0) {
    s_int[0] = 0;
    s_int[1] = -2147483647 - 1;
    s_int[2] = 2147483647;
    s_uns[0] = 0u;
    s_uns[1] = 0u;
    s_uns[2] = 0xffffffffu;
    s_uns[3] = 1u;
    s_flt[0] = 0.0f;
    s_flt[1] = 0.0f;
    s_flt[2] = -4.0f;
  }
  __syncthreads();
  int key = keys[i];
  float v = in[i];
  add_i(&s_int[0], key & 255);
  max_i(&s_int[1], key - 32768);
  min_i(&s_int[2], key - 32768);
  add_u(&s_uns[0], (unsigned)key);
  max_u(&s_uns[1], 3u * key);
  min_u(&s_uns[2], 3u * key);
  cas_mul_u(&s_uns[3], 2u * key + 1u);
  add_f(&s_flt[0], v);
  cas_add_f(&s_flt[1], 0.5f * v);
  cas_max_f(&s_flt[2], v);
  add_i(&hist[key & (BINS - 1)], 1);
  max_u(&bucket_max[key & (BINS - 1)], (unsigned)key);
  __syncthreads();
  if (t == 0) {
    int b = blockIdx.x;
    for (int k = 0; k < 3; ++k)
      blk_int[b * 3 + k] = s_int[k];
    for (int k = 0; k < 4; ++k)
      blk_uns[b * 4 + k] = s_uns[k];
    for (int k = 0; k < 3; ++k)
      blk_flt[b * 3 + k] = s_flt[k];
    add_i(&g_int[0], s_int[0]);
    max_i(&g_int[1], s_int[1]);
    min_i(&g_int[2], s_int[2]);
    add_u(&g_uns[0], s_uns[0]);
    max_u(&g_uns[1], s_uns[1]);
    min_u(&g_uns[2], s_uns[2]);
    cas_mul_u(&g_uns[3], s_uns[3]);
    add_f(&g_flt[0], s_flt[0]);
    cas_add_f(&g_flt[1], s_flt[1]);
    cas_max_f(&g_flt[2], s_flt[2]);
  }
}
