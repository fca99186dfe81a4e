// data_atomic_bits: atomicOr/atomicAnd/atomicXor/atomicExch in noinline
// helpers taking generic `unsigned *`/`int *`, called with `__shared__` and
// global memory and with `__device__` variables. set_bit returns the old word:
// the number of threads that found their bit clear is the number of distinct
// keys, whatever the order; claim (atomicExch(flag, 1)) returns 0 to exactly
// one thread per flag. Per block: a 2048-bit set in shared memory, distinct
// counts through both, the AND and XOR of the keys; globally: a 65536-bit set,
// 4096 claim flags, and the AND, XOR and distinct count in `__device__`
// variables (g_and starts at all ones, set by the host).
#define TILE 256
#define BLOCK_WORDS 64 // 2048 bits

__device__ int g_distinct;
__device__ unsigned g_and;
__device__ unsigned g_xor;

__device__ __noinline__ unsigned set_bit(unsigned *words, int bit) {
  return atomicOr(&words[bit >> 5], 1u << (bit & 31));
}

__device__ __noinline__ void keep_bits(unsigned *word, unsigned mask) { atomicAnd(word, mask); }

__device__ __noinline__ void toggle_bits(unsigned *word, unsigned bits) { atomicXor(word, bits); }

__device__ __noinline__ int claim(int *flag) { return atomicExch(flag, 1); }

__device__ __noinline__ void tally(int *counter, int v) { atomicAdd(counter, v); }

// Every block is full (grid * TILE == number of keys).
extern "C" __global__ void bitsets(const int *keys, unsigned *g_bits, int *g_flag,
                                   unsigned *blk_bits, unsigned *blk_stats) {
  __shared__ unsigned s_bits[BLOCK_WORDS];
  __shared__ int s_flag[TILE];
  __shared__ int s_claims;
  __shared__ int s_distinct;
  __shared__ unsigned s_and;
  __shared__ unsigned s_xor;
  int t = threadIdx.x;
  int i = blockIdx.x * TILE + t;
  if (t < BLOCK_WORDS)
    s_bits[t] = 0u;
  s_flag[t] = 0;
  if (t == 0) {
    s_claims = 0;
    s_distinct = 0;
    s_and = 0xffffffffu;
    s_xor = 0u;
  }
  __syncthreads();
  int key = keys[i]; // in [0, 65536)
  int low = key & 2047;
  if ((set_bit(s_bits, low) & (1u << (low & 31))) == 0u)
    tally(&s_distinct, 1);
  if (claim(&s_flag[key & (TILE - 1)]) == 0)
    tally(&s_claims, 1);
  keep_bits(&s_and, (unsigned)key | 0xffff0000u);
  toggle_bits(&s_xor, (unsigned)key);
  set_bit(g_bits, key);
  if (claim(&g_flag[key & 4095]) == 0)
    tally(&g_distinct, 1);
  __syncthreads();
  int b = blockIdx.x;
  if (t < BLOCK_WORDS)
    blk_bits[b * BLOCK_WORDS + t] = s_bits[t];
  if (t == 0) {
    blk_stats[b * 4 + 0] = (unsigned)s_claims;
    blk_stats[b * 4 + 1] = (unsigned)s_distinct;
    blk_stats[b * 4 + 2] = s_and;
    blk_stats[b * 4 + 3] = s_xor;
    keep_bits(&g_and, s_and);
    toggle_bits(&g_xor, s_xor);
  }
}
