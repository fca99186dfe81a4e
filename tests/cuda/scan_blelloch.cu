// scan_blelloch: the work-efficient (Blelloch) exclusive scan of GPU Gems 3,
// ch. 39, in a `__device__ __noinline__` helper taking a generic `int *`:
// each block of 256 threads scans 512 ints (up-sweep, clear the last, down-
// sweep), with barriers inside the helper. scan_shared runs it on a
// `__shared__` buffer, scan_global in place on each block's part of a global
// buffer (so gas must clone it), and scan_offsets scans the block totals
// (32 of them, in shared memory) and adds them to scan_shared's output: the
// exclusive scan of the whole input.
#define PER_BLOCK 512

// Exclusive scan of buf[0 .. n) in place; n a power of two, at most twice the
// block size. Every thread of the block calls it. Returns the total of the
// n inputs (to every thread).
__device__ __noinline__ int blelloch_scan(int *buf, int n) {
  int t = threadIdx.x;
  int offset = 1;
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (t < d) {
      int ai = offset * (2 * t + 1) - 1;
      int bi = offset * (2 * t + 2) - 1;
      buf[bi] += buf[ai];
    }
    offset <<= 1;
  }
  __syncthreads();
  int total = buf[n - 1];
  __syncthreads();
  if (t == 0)
    buf[n - 1] = 0;
  for (int d = 1; d < n; d <<= 1) {
    offset >>= 1;
    __syncthreads();
    if (t < d) {
      int ai = offset * (2 * t + 1) - 1;
      int bi = offset * (2 * t + 2) - 1;
      int v = buf[ai];
      buf[ai] = buf[bi];
      buf[bi] += v;
    }
  }
  __syncthreads();
  return total;
}

// Copies two elements per thread (blocks of PER_BLOCK / 2 threads).
__device__ __noinline__ void copy_pair(int *dst, const int *src) {
  int t = threadIdx.x;
  dst[t] = src[t];
  dst[t + PER_BLOCK / 2] = src[t + PER_BLOCK / 2];
}

extern "C" __global__ void scan_shared(const int *in, int *out, int *totals) {
  __shared__ int buf[PER_BLOCK];
  int base = blockIdx.x * PER_BLOCK;
  copy_pair(buf, &in[base]);
  int total = blelloch_scan(buf, PER_BLOCK);
  copy_pair(&out[base], buf);
  if (threadIdx.x == 0)
    totals[blockIdx.x] = total;
}

extern "C" __global__ void scan_global(const int *in, int *work, int *totals) {
  int base = blockIdx.x * PER_BLOCK;
  copy_pair(&work[base], &in[base]);
  int total = blelloch_scan(&work[base], PER_BLOCK);
  if (threadIdx.x == 0)
    totals[blockIdx.x] = total;
}

// scanned: scan_shared's output; totals: its per-block totals (gridDim.x of
// them, a power of two, at most 2 * blockDim.x).
extern "C" __global__ void scan_offsets(const int *scanned, const int *totals, int *full) {
  __shared__ int offsets[PER_BLOCK];
  int t = threadIdx.x;
  int blocks = gridDim.x;
  if (t < blocks)
    offsets[t] = totals[t];
  blelloch_scan(offsets, blocks);
  int base = blockIdx.x * PER_BLOCK;
  int offset = offsets[blockIdx.x];
  full[base + t] = scanned[base + t] + offset;
  full[base + t + PER_BLOCK / 2] = scanned[base + t + PER_BLOCK / 2] + offset;
}
