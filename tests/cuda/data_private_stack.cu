// data_private_stack: stacks and queues in arrays, driven through noinline
// helpers taking `int *` for the storage and `int *` for the index. Each
// thread visits the subtree of node i % tree of an implicit binary tree
// (children 2u + 1, 2u + 2) and sums inputs weighted by the visit order.
// dfs_private: `int stack[32]` and its top in the kernel's private memory.
// dfs_mixed: the stack is a private array for threads whose input is
// positive and the thread's slice of a `__shared__` array for the others,
// the top a `__shared__` slot: a run-time private/shared choice that must
// stay generic. bfs_queue: a 32-entry private ring buffer (enqueue/dequeue),
// the first 24 nodes in level order.
#define STACK 32
#define SHARED_STACK 16
#define QUEUE 32
#define QUEUE_VISITS 24
#define TILE 256

__device__ __noinline__ void push(int *stack, int *top, int v) { stack[(*top)++] = v; }

__device__ __noinline__ int pop(int *stack, int *top) { return stack[--(*top)]; }

__device__ __noinline__ void enqueue(int *queue, int *tail, int v) {
  queue[(*tail)++ & (QUEUE - 1)] = v;
}

__device__ __noinline__ int dequeue(int *queue, int *head) { return queue[(*head)++ & (QUEUE - 1)]; }

// Preorder (left before right); the k-th visited node weighs (k & 3) + 1.
__device__ __forceinline__ float dfs_sum(int *stack, int *top, const float *in, int i, int n,
                                         int tree) {
  float sum = 0.0f;
  int k = 0;
  push(stack, top, i % tree);
  while (*top > 0) {
    int u = pop(stack, top);
    sum += in[(i + u) & (n - 1)] * (float)((k & 3) + 1);
    ++k;
    int c = 2 * u + 1;
    if (c + 1 < tree)
      push(stack, top, c + 1);
    if (c < tree)
      push(stack, top, c);
  }
  return sum;
}

// n is a power of two; tree < 512 (depth at most 9: the stacks never hold
// more than 10 entries).
extern "C" __global__ void dfs_private(const float *in, float *out, int n, int tree) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int stack[STACK];
  int top = 0;
  out[i] = dfs_sum(stack, &top, in, i, n, tree);
}

// Blocks of TILE threads.
extern "C" __global__ void dfs_mixed(const float *in, float *out, int n, int tree) {
  __shared__ int s_stack[TILE * SHARED_STACK];
  __shared__ int s_top[TILE];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  if (i >= n)
    return;
  int stack[STACK];
  int *mine = in[i] > 0.0f ? stack : &s_stack[t * SHARED_STACK];
  s_top[t] = 0;
  out[i] = dfs_sum(mine, &s_top[t], in, i, n, tree);
}

extern "C" __global__ void bfs_queue(const float *in, float *out, int n, int tree) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int queue[QUEUE];
  int head = 0, tail = 0;
  enqueue(queue, &tail, i % tree);
  float sum = 0.0f;
  for (int k = 0; k < QUEUE_VISITS && head != tail; ++k) {
    int u = dequeue(queue, &head);
    sum += in[(i + u) & (n - 1)] * (float)((k & 3) + 1);
    int c = 2 * u + 1;
    if (c < tree)
      enqueue(queue, &tail, c);
    if (c + 1 < tree)
      enqueue(queue, &tail, c + 1);
  }
  out[i] = sum;
}
