// data_device_queue: `__device__` variables updated with atomics in noinline
// helpers taking generic pointers. drain is a persistent-threads loop: every
// thread takes chunks of four items from a global work queue index
// (`__device__ unsigned work_next`, atomicAdd through grab) until it runs
// past n, and counts positives, sums the inputs and tracks the largest and
// smallest key in `__device__` counters. drain_block uses the same grab and
// count helpers on a `__shared__` queue index and counter, then merges the
// block's count into a `__device__` counter. report reads them all back.
// Every result is order-independent: each item is taken exactly once, every
// thread makes exactly one failing grab, and the float sum is exact.
#define CHUNK 4
#define BLOCK_ITEMS 1024

__device__ unsigned work_next;
__device__ int hits;
__device__ float total;
__device__ int hi_water;
__device__ int lo_water;
__device__ int neg_hits;

__device__ __noinline__ unsigned grab(unsigned *next, unsigned step) {
  return atomicAdd(next, step);
}

__device__ __noinline__ void count(int *counter, int v) { atomicAdd(counter, v); }

__device__ __noinline__ void add_total(float *sum, float v) { atomicAdd(sum, v); }

__device__ __noinline__ void watermark(int *hi, int *lo, int v) {
  atomicMax(hi, v);
  atomicMin(lo, v);
}

// n is a multiple of CHUNK.
extern "C" __global__ void drain(const float *in, const int *keys, float *out, int n) {
  for (;;) {
    unsigned start = grab(&work_next, CHUNK);
    if (start >= (unsigned)n)
      break;
    for (unsigned k = start; k < start + CHUNK; ++k) {
      float v = in[k];
      out[k] = v * 2.0f + 1.0f;
      if (v > 0.0f)
        count(&hits, 1);
      add_total(&total, v);
      watermark(&hi_water, &lo_water, keys[k]);
    }
  }
}

// Each block drains its BLOCK_ITEMS items through a shared queue index.
extern "C" __global__ void drain_block(const float *in, float *out) {
  __shared__ unsigned s_next;
  __shared__ int s_neg;
  int t = threadIdx.x;
  unsigned base = blockIdx.x * BLOCK_ITEMS;
  if (t == 0) {
    s_next = 0;
    s_neg = 0;
  }
  __syncthreads();
  for (;;) {
    unsigned k = grab(&s_next, 1);
    if (k >= BLOCK_ITEMS)
      break;
    float v = in[base + k];
    out[base + k] = v - 0.5f;
    if (v < 0.0f)
      count(&s_neg, 1);
  }
  __syncthreads();
  if (t == 0)
    count(&neg_hits, s_neg);
}

extern "C" __global__ void report(int *stats) {
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    stats[0] = hits;
    stats[1] = hi_water;
    stats[2] = lo_water;
    stats[3] = (int)work_next;
    stats[4] = neg_hits;
  }
}
