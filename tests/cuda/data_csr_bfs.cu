// data_csr_bfs: a CSR graph in global memory and a level-synchronous BFS over
// it, one kernel launch per level. build_csr makes the graph from formulas
// (node v has 1 + v % 3 out-edges, to (v * a + k * b + c) mod n). The BFS
// kernels take a by-value struct of the graph's pointers and hand it to
// noinline helpers by `const Graph &`; visit claims a node with atomicCAS(-1
// -> depth + 1), the parent is the smallest frontier node with an edge to it
// (atomicMin), and the newly discovered nodes are counted per block in shared
// memory and merged into the per-level counts and a `__device__` total through
// the same counting helper. All of it is order-independent. gather_levels
// sums, per node, the weights of its neighbours one level further.
#define TILE 256
#define NONE 2147483647

struct Graph {
  const int *row; // n + 1 offsets
  const int *col;
  int *level;
  int *parent;
  int *count; // nodes discovered per level
  int n;      // a power of two
  int pad;
}; // 48 bytes

__device__ int discovered;

__device__ __noinline__ int row_start(int v) {
  // Sum of 1 + u % 3 over u < v.
  return v + 3 * (v / 3) + (v % 3 == 2 ? 1 : 0);
}

extern "C" __global__ void build_csr(int *row, int *col, int n, int a, int b, int c) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v > n)
    return;
  int start = row_start(v);
  row[v] = start;
  if (v == n)
    return;
  for (int k = 0; k < 1 + v % 3; ++k)
    col[start + k] = (v * a + k * b + c) & (n - 1);
}

extern "C" __global__ void bfs_init(Graph g, int src) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= g.n)
    return;
  g.level[v] = v == src ? 0 : -1;
  g.parent[v] = v == src ? src : NONE;
  if (v == 0)
    g.count[0] = 1;
}

__device__ __noinline__ int visit(int *level, int depth) { return atomicCAS(level, -1, depth); }

__device__ __noinline__ void count_up(int *counter, int v) { atomicAdd(counter, v); }

__device__ __noinline__ void expand(const Graph &g, int v, int depth, int *found) {
  for (int e = g.row[v]; e < g.row[v + 1]; ++e) {
    int w = g.col[e];
    int old = visit(&g.level[w], depth + 1);
    if (old == -1)
      count_up(found, 1);
    if (old == -1 || old == depth + 1)
      atomicMin(&g.parent[w], v);
  }
}

// The grid covers n exactly with full blocks (barriers below).
extern "C" __global__ void bfs_step(Graph g, int depth) {
  __shared__ int s_found;
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0)
    s_found = 0;
  __syncthreads();
  if (v < g.n && g.level[v] == depth)
    expand(g, v, depth, &s_found);
  __syncthreads();
  if (threadIdx.x == 0 && s_found > 0) {
    count_up(&g.count[depth + 1], s_found);
    count_up(&discovered, s_found);
  }
}

__device__ __noinline__ float next_level_weight(const Graph &g, const float *weight, int v) {
  float sum = 0.0f;
  int lv = g.level[v];
  for (int e = g.row[v]; e < g.row[v + 1]; ++e) {
    int w = g.col[e];
    if (lv >= 0 && g.level[w] == lv + 1)
      sum += weight[w];
  }
  return sum;
}

extern "C" __global__ void gather_levels(Graph g, const float *weight, float *out) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= g.n)
    return;
  out[v] = next_level_weight(g, weight, v);
}
