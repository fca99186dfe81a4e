// data_struct_views: structs of pointers passed by value to kernels. `Job`
// holds five global pointers and four scalars; the kernel hands it to
// noinline helpers by value (fetch: the callee's private copy) and by
// `const Job &` (emit, combine: a generic pointer to the kernel's .param
// copy), and combine passes its reference on by value again. job_on_tile
// builds a local Job whose `a`/`b` point to a `__shared__` tile and whose
// `idx`/`out`/`aux` point into global memory, then calls the same helpers.
// split_lanes takes a struct with an array of two global pointers and picks
// one by a run-time index inside a by-value helper.
#define TILE 256

struct Job {
  const float *a;
  const float *b;
  const int *idx;
  float *out;
  float *aux;
  int n; // a power of two
  int stride;
  float scale;
  int flags;
}; // 56 bytes

struct Lanes {
  float *dst[2];
  const float *src;
  int count;
}; // 32 bytes with its padding

__device__ __noinline__ float fetch(Job j, int i) {
  int k = j.idx[i] & (j.n - 1);
  return j.a[k] * j.scale + j.b[(i * j.stride) & (j.n - 1)];
}

__device__ __noinline__ float combine(const Job &j, int i) {
  return fetch(j, i) + fetch(j, (i + 1) & (j.n - 1));
}

__device__ __noinline__ void emit(const Job &j, int i, float v) {
  j.out[i] = v;
  j.aux[i] = v - j.a[i];
}

extern "C" __global__ void run_job(Job j, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = (j.flags & 1) ? combine(j, i) : fetch(j, i);
  emit(j, i, v);
}

// Every block is full (grid * TILE == number of elements): no early return
// before the barrier.
extern "C" __global__ void job_on_tile(Job j) {
  __shared__ float tile[TILE];
  int t = threadIdx.x;
  int base = blockIdx.x * TILE;
  tile[t] = j.a[base + t];
  __syncthreads();
  Job local = j;
  local.a = tile;
  local.b = tile;
  local.idx = j.idx + base;
  local.out = j.out + base;
  local.aux = j.aux + base;
  local.n = TILE;
  float v = (local.flags & 1) ? combine(local, t) : fetch(local, t);
  emit(local, t, v);
}

__device__ __noinline__ void scatter(Lanes l, int i, int lane) {
  l.dst[lane][i] = l.src[i] * (float)(lane + 1);
}

extern "C" __global__ void split_lanes(Lanes l) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= l.count)
    return;
  scatter(l, i, i & 1);
}
