// cpp_pointer_array: pointers kept in private arrays and private structs. A
// `float *src[2]` = {shared tile, global row} read with constant indices and
// in a loop whose index is known per iteration; a private struct of a
// shared and a global pointer passed by reference to a noinline helper; the
// array itself passed to a noinline helper; a `float *dst[2]` = {shared,
// global} written in a loop. The shared tile holds twice the global values,
// so reading the wrong one gives a wrong result.
#define TILE 256

struct Sources {
  float *a;
  float *b;
  int shift;
};

__device__ __noinline__ float combine(const Sources &s, int t) {
  return s.a[(t + s.shift) % TILE] + 2.0f * s.b[(t + 2 * s.shift) % TILE];
}

__device__ __noinline__ float sum_table(float *const *table, int count, int t) {
  float r = 0.0f;
  for (int k = 0; k < count; ++k)
    r += table[k][(3 * t + k) % TILE];
  return r;
}

extern "C" __global__ void pointer_array(float *in, float *out, float *out2) {
  __shared__ float tile[TILE];
  __shared__ float stage[TILE];
  int t = threadIdx.x;
  int base = blockIdx.x * TILE;
  int i = base + t;
  tile[t] = 2.0f * in[i];
  __syncthreads();
  float *src[2] = {tile, in + base};
  float r = src[0][(t + 1) % TILE] - src[1][(t + 2) % TILE];
  for (int k = 0; k < 2; ++k)
    r += src[k][(t + 4 * k + 3) % TILE];
  Sources s = {tile, in + base, 5};
  r += combine(s, t);
  r += sum_table(src, 2, t);
  float *dst[2] = {stage, out + base};
  for (int k = 0; k < 2; ++k)
    dst[k][t] = r + k;
  __syncthreads();
  out2[i] = stage[(t + 1) % TILE] + src[1][t];
}
