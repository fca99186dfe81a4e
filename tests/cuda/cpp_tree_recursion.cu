// cpp_tree_recursion: a recursive noinline __device__ function walking a
// binary tree (per block, 256 nodes in heap order, children pruned by a
// key) stored in global memory, then the same function on a copy of the
// tree in shared memory; and an iterative walk with an explicit stack of
// `const float *` in a private array, whose pointers point into shared
// memory on odd blocks and into global memory on even blocks.
#define TILE 256
#define STACK 16

// kids[2 * node + {0, 1}]: the children's node indices, -1 for none.
extern "C" __global__ void build_tree(const int *keys, int *kids) {
  int t = threadIdx.x;
  int base = blockIdx.x * TILE;
  int i = base + t;
  for (int side = 0; side < 2; ++side) {
    int c = 2 * t + 1 + side;
    kids[2 * i + side] = (c < TILE && (keys[base + c] & 3) != 0) ? base + c : -1;
  }
}

// Sum over node's subtree of +-value (minus on odd depths).
__device__ __noinline__ float signed_sum(const float *values, const int *kids, int node,
                                         int depth) {
  float v = (depth & 1) ? -values[node] : values[node];
  int left = kids[2 * node], right = kids[2 * node + 1];
  if (left >= 0)
    v += signed_sum(values, kids, left, depth + 1);
  if (right >= 0)
    v += signed_sum(values, kids, right, depth + 1);
  return v;
}

extern "C" __global__ void walk_global(const float *values, const int *kids, float *out) {
  int i = blockIdx.x * TILE + threadIdx.x;
  out[i] = signed_sum(values, kids, i, 0);
}

// The block's tree copied into shared memory, children as indices within it.
__device__ void copy_tree(const float *values, const int *kids, float *sv, int *sk) {
  int t = threadIdx.x;
  int base = blockIdx.x * TILE;
  int i = base + t;
  sv[t] = values[i];
  for (int side = 0; side < 2; ++side) {
    int k = kids[2 * i + side];
    sk[2 * t + side] = k >= 0 ? k - base : -1;
  }
  __syncthreads();
}

extern "C" __global__ void walk_shared(const float *values, const int *kids, float *out) {
  __shared__ float sv[TILE];
  __shared__ int sk[2 * TILE];
  copy_tree(values, kids, sv, sk);
  out[blockIdx.x * TILE + threadIdx.x] = signed_sum(sv, sk, threadIdx.x, 1);
}

// Sum over the subtree of value * depth (the root at depth 1).
extern "C" __global__ void walk_stack(const float *values, const int *kids, float *out) {
  __shared__ float sv[TILE];
  __shared__ int sk[2 * TILE];
  copy_tree(values, kids, sv, sk);
  int t = threadIdx.x;
  const float *vals = (blockIdx.x & 1) ? sv : values + blockIdx.x * TILE;
  const float *stack[STACK];
  int depths[STACK];
  int top = 0;
  stack[top] = vals + t;
  depths[top] = 1;
  ++top;
  float w = 0.0f;
  while (top > 0) {
    --top;
    const float *p = stack[top];
    int d = depths[top];
    w += *p * d;
    int node = p - vals;
    for (int side = 0; side < 2; ++side) {
      int k = sk[2 * node + side];
      if (k >= 0 && top < STACK) {
        stack[top] = vals + k;
        depths[top] = d + 1;
        ++top;
      }
    }
  }
  out[blockIdx.x * TILE + t] = w;
}
