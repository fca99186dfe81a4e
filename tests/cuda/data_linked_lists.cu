// data_linked_lists: array-based linked lists. Buckets: insert_nodes pushes
// every node onto its bucket's list with a lock-free push (atomicExch on the
// head, in a noinline helper taking generic `int *`); walk_lists follows each
// list, summing, counting and taking the largest node through generic
// pointers to the caller's locals. The lists' order depends on the schedule,
// their contents do not (only those are checked). block_lists does the same
// per block with heads and links in `__shared__` memory and the values in
// global memory, through the same push and walk. Chains: build_chains links
// nodes into 64 chains in a fixed permuted order and rank_chains walks each,
// writing every node's rank and running sum (order-dependent, deterministic).
#define TILE 256
#define BLOCK_BUCKETS 16

__device__ __noinline__ void push(int *head, int *next_slot, int node) {
  int old = atomicExch(head, node);
  *next_slot = old;
}

__device__ __noinline__ float walk(const int *next, const float *val, int start, int *len,
                                   int *largest) {
  float sum = 0.0f;
  for (int v = start; v != -1; v = next[v]) {
    sum += val[v];
    *len += 1;
    if (v > *largest)
      *largest = v;
  }
  return sum;
}

extern "C" __global__ void init_heads(int *head, int buckets) {
  int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b < buckets)
    head[b] = -1;
}

// buckets is a power of two.
extern "C" __global__ void insert_nodes(const int *keys, int *head, int *next, int n,
                                        int buckets) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n)
    return;
  push(&head[keys[v] & (buckets - 1)], &next[v], v);
}

extern "C" __global__ void walk_lists(const int *head, const int *next, const float *val,
                                      float *sums, int *lengths, int *largest, int buckets) {
  int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= buckets)
    return;
  int len = 0, big = -1;
  sums[b] = walk(next, val, head[b], &len, &big);
  lengths[b] = len;
  largest[b] = big;
}

// Every block is full (grid * TILE == number of keys).
extern "C" __global__ void block_lists(const int *keys, const float *val, float *sums,
                                       int *lengths, int *largest) {
  __shared__ int s_head[BLOCK_BUCKETS];
  __shared__ int s_next[TILE];
  int t = threadIdx.x;
  int base = blockIdx.x * TILE;
  if (t < BLOCK_BUCKETS)
    s_head[t] = -1;
  __syncthreads();
  push(&s_head[keys[base + t] & (BLOCK_BUCKETS - 1)], &s_next[t], t);
  __syncthreads();
  if (t < BLOCK_BUCKETS) {
    int len = 0, big = -1;
    int slot = blockIdx.x * BLOCK_BUCKETS + t;
    sums[slot] = walk(s_next, val + base, s_head[t], &len, &big);
    lengths[slot] = len;
    largest[slot] = big;
  }
}

// n is a power of two, a multiple of chains; mult is odd (a permutation).
extern "C" __global__ void build_chains(int *chain_next, int *chain_head, int n, int chains,
                                        int mult) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n)
    return;
  int node = (k * mult) & (n - 1);
  chain_next[node] = k + chains < n ? ((k + chains) * mult) & (n - 1) : -1;
  if (k < chains)
    chain_head[k] = node;
}

__device__ __noinline__ void walk_prefix(const int *next, const float *val, int start,
                                         float *prefix, int *rank) {
  float sum = 0.0f;
  int r = 0;
  for (int v = start; v != -1; v = next[v]) {
    sum += val[v];
    prefix[v] = sum;
    rank[v] = r++;
  }
}

extern "C" __global__ void rank_chains(const int *chain_next, const int *chain_head,
                                       const float *val, float *prefix, int *rank,
                                       int chains) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c < chains)
    walk_prefix(chain_next, val, chain_head[c], prefix, rank);
}
