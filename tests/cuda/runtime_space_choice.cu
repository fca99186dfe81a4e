// runtime_space_choice: pointers whose address space is a run-time choice
// by blockIdx.x, which gas must keep (neither shared nor global may be
// assumed). mixed_reduce: a tree reduction through `__device__ __noinline__`
// helpers on a buffer that is a per-block slice of global scratch on blocks
// 0, 3, 6, ... and a `__shared__` tile on the others; mixed_hist: atomicAdd
// counts into bins that are global on odd blocks and shared on even ones,
// merged into a global histogram through the same helper; mixed_split: a
// 3-point window read from the input directly on blocks >= split (a kernel
// argument) and from a shared copy below it.
#define BLOCK 256
#define BINS 16

// buf[t] = in[base + t].
__device__ __noinline__ void load_block(float *buf, const float *in, int base) {
  buf[threadIdx.x] = in[base + threadIdx.x];
}

// In-place tree sum of buf[0 .. blockDim.x); returns the total to every
// thread. Every thread of the block calls it.
__device__ __noinline__ float tree_reduce(float *buf) {
  int t = threadIdx.x;
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    __syncthreads();
    if (t < stride)
      buf[t] += buf[t + stride];
  }
  __syncthreads();
  float total = buf[0];
  __syncthreads();
  return total;
}

extern "C" __global__ void mixed_reduce(const float *in, float *scratch, float *sums,
                                        float *out) {
  __shared__ float tile[BLOCK];
  int base = blockIdx.x * BLOCK;
  float *buf = (blockIdx.x % 3 == 0) ? &scratch[base] : tile;
  load_block(buf, in, base);
  float total = tree_reduce(buf);
  if (threadIdx.x == 0)
    sums[blockIdx.x] = total;
  out[base + threadIdx.x] = in[base + threadIdx.x] - total;
}

__device__ __noinline__ void add_count(int *bins, int bin, int count) {
  atomicAdd(&bins[bin], count);
}

// block_bins: BINS ints per block (the odd blocks count there).
extern "C" __global__ void mixed_hist(const int *keys, int *block_bins, int *hist) {
  __shared__ int local_bins[BINS];
  int t = threadIdx.x;
  int *bins = (blockIdx.x & 1) ? &block_bins[blockIdx.x * BINS] : local_bins;
  if (t < BINS)
    bins[t] = 0;
  __syncthreads();
  add_count(bins, keys[blockIdx.x * blockDim.x + t] % BINS, 1);
  __syncthreads();
  if (t < BINS)
    add_count(hist, t, bins[t]);
}

__device__ __noinline__ float sum3(const float *p) { return p[0] + 2.0f * p[1] + p[2]; }

// in: gridDim.x * BLOCK + 2 elements.
extern "C" __global__ void mixed_split(const float *in, float *out, int split) {
  __shared__ float tile[BLOCK + 2];
  int t = threadIdx.x;
  int base = blockIdx.x * BLOCK;
  tile[t] = in[base + t];
  if (t < 2)
    tile[BLOCK + t] = in[base + BLOCK + t];
  __syncthreads();
  const float *src = (int)blockIdx.x >= split ? &in[base] : tile;
  out[base + t] = sum3(&src[t]);
}
