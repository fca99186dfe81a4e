// coop_groups: `cooperative_groups` in helpers taking generic pointers.
// block_reduce takes the `cg::thread_block`, splits it with
// `cg::tiled_partition<32>`, reduces each tile with `shfl_down` in a
// `__device__ __noinline__` helper, keeps the tile sums in an `int *`
// scratch array, `block.sync()`s and finishes with `cg::reduce` in tile 0:
// the scratch array is `__shared__` in cg_reduce_shared and a per-block
// slice of a global buffer in cg_reduce_global (so gas must clone it). The
// grand total goes through `atomicAdd` on a global `int *`. cg_tile_scan
// runs `cg::inclusive_scan` / `cg::exclusive_scan` on tiles of 16 and
// writes the results through a `__shared__` staging buffer handed to a
// helper.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>

namespace cg = cooperative_groups;

__device__ __noinline__ int tile_sum(cg::thread_block_tile<32> tile, int v) {
  for (int offset = tile.size() / 2; offset > 0; offset /= 2)
    v += tile.shfl_down(v, offset);
  return v; // the sum in rank 0
}

// Sum of v over the block into *result and added to *total (by thread 0);
// scratch: one int per 32 threads. Every thread of the block calls it.
__device__ __noinline__ void block_reduce(cg::thread_block block, int v, int *scratch,
                                          int *result, int *total) {
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int s = tile_sum(tile, v);
  if (tile.thread_rank() == 0)
    scratch[tile.meta_group_rank()] = s;
  block.sync();
  if (tile.meta_group_rank() == 0) {
    int w = tile.thread_rank() < tile.meta_group_size() ? scratch[tile.thread_rank()] : 0;
    w = cg::reduce(tile, w, cg::plus<int>());
    if (tile.thread_rank() == 0) {
      *result = w;
      atomicAdd(total, w);
    }
  }
}

extern "C" __global__ void cg_reduce_shared(const int *in, int *sums, int *total) {
  __shared__ int scratch[32];
  cg::thread_block block = cg::this_thread_block();
  int i = blockIdx.x * blockDim.x + block.thread_rank();
  block_reduce(block, in[i], scratch, &sums[blockIdx.x], total);
}

// scratch: blockDim.x / 32 ints per block, left holding the tile sums.
extern "C" __global__ void cg_reduce_global(const int *in, int *scratch, int *sums, int *total) {
  cg::thread_block block = cg::this_thread_block();
  int i = blockIdx.x * blockDim.x + block.thread_rank();
  block_reduce(block, in[i], &scratch[blockIdx.x * (blockDim.x / 32)], &sums[blockIdx.x], total);
}

// dst[k] = src[k] for the block's threads.
__device__ __noinline__ void copy_out(int *dst, const int *src, int k) { dst[k] = src[k]; }

// Values are taken mod 1024; inclusive and exclusive scans within tiles of 16.
extern "C" __global__ void cg_tile_scan(const int *in, int *inclusive, int *exclusive) {
  __shared__ int staged[2][256];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  int t = block.thread_rank();
  int i = blockIdx.x * blockDim.x + t;
  int v = in[i] & 1023;
  staged[0][t] = cg::inclusive_scan(tile, v);
  staged[1][t] = cg::exclusive_scan(tile, v);
  block.sync();
  // Thread t writes the element of its mirror image, 255 - t.
  int base = blockIdx.x * blockDim.x;
  copy_out(&inclusive[base], staged[0], 255 - t);
  copy_out(&exclusive[base], staged[1], 255 - t);
}
