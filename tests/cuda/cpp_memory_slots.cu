// cpp_memory_slots: pointers kept in memory and read back by noinline
// helpers. struct_by_pointer: a private struct of a shared, a global and an
// output pointer handed to helpers by pointer. agent_storage: an Agent whose
// reference member names a private Storage of pointers (shared tile, global
// row), read by noinline methods. tile_table: a private `int *tiles[3]`, all
// shared, indexed at run time by a helper and in a loop. cursor_walk: cursor
// objects whose pointer member a noinline method advances (shared and global
// reads, global writes). lambda_ref: a lambda capturing pointers by reference
// passed to a noinline template. byte_views: float and int views carved out
// of a __shared__ unsigned char buffer, returned in a struct by a noinline
// function and used through it. returned_refs: references handed back by
// noinline getters and a std::forward-shaped template (shared, global and
// private targets, reads and writes). The shared tiles hold 2x (3x+1, 5x+2)
// the global values, so reading the wrong memory gives a wrong result. No
// run-time space choices: every pointer has one space.
#define TILE 256

// ---------------------------------------------------------------- 1
struct Views {
  int *sh;
  const int *gl;
  int *dst;
  int shift;
};

__device__ __noinline__ int read_views(const Views *v, int t) {
  return v->sh[(t + v->shift) % TILE] + 3 * v->gl[(t + 2 * v->shift) % TILE];
}

__device__ __noinline__ void write_views(Views *v, int t, int val) {
  v->dst[t] = val + v->sh[t];
}

extern "C" __global__ void struct_by_pointer(const int *in, int *out) {
  __shared__ int tile[TILE];
  int t = threadIdx.x, base = blockIdx.x * TILE, i = base + t;
  tile[t] = 2 * in[i];
  __syncthreads();
  Views v = {tile, in + base, out + base, 1 + (t & 3)};
  int r = read_views(&v, t);
  write_views(&v, t, r);
}

// ---------------------------------------------------------------- 2
struct Storage {
  int *tile;
  const int *row;
};

struct Agent {
  Storage &s;
  int off;
  __device__ __noinline__ int read(int t) const {
    return 3 * s.tile[(t + off) % TILE] - s.row[(t + 1) % TILE];
  }
  __device__ __noinline__ int sum(int t, int n) const {
    int r = 0;
    for (int k = 0; k < n; ++k)
      r += s.tile[(t + k) % TILE] + s.row[(t + 2 * k) % TILE];
    return r;
  }
};

extern "C" __global__ void agent_storage(const int *in, int *out) {
  __shared__ int tile[TILE];
  int t = threadIdx.x, base = blockIdx.x * TILE, i = base + t;
  tile[t] = 2 * in[i];
  __syncthreads();
  Storage st = {tile, in + base};
  Agent ag = {st, 5};
  out[i] = ag.read(t) + ag.sum(t, 3);
}

// ---------------------------------------------------------------- 3
__device__ __noinline__ void set_tiles(int **tiles, int *a, int *b, int *c) {
  tiles[0] = a;
  tiles[1] = b;
  tiles[2] = c;
}

__device__ __noinline__ int gather(int *const *tiles, int k, int t) {
  return 4 * tiles[k][t] + tiles[(k + 1) % 3][(t + 1) % TILE];
}

extern "C" __global__ void tile_table(const int *in, int *out) {
  __shared__ int ta[TILE], tb[TILE], tc[TILE];
  int t = threadIdx.x, base = blockIdx.x * TILE, i = base + t;
  ta[t] = 2 * in[i];
  tb[t] = 3 * in[i] + 1;
  tc[t] = 5 * in[i] + 2;
  __syncthreads();
  // Filled by a helper: a table initialized in place with shared addresses
  // becomes a constant initializer that ptxas rejects (TOOLCHAIN.md).
  int *tiles[3];
  set_tiles(tiles, ta, tb, tc);
  int k = in[i] % 3;
  int r = gather(tiles, k, t);
  for (int j = 0; j < 3; ++j)
    r += (j + 1) * tiles[(k + j) % 3][(t + j) % TILE];
  out[i] = r;
}

// ---------------------------------------------------------------- 4
struct Cursor {
  const int *p;
  int stride;
  __device__ __noinline__ int next() {
    int v = *p;
    p += stride;
    return v;
  }
};

struct Writer {
  int *p;
  __device__ __noinline__ void put(int v) { *p++ = v; }
};

extern "C" __global__ void cursor_walk(const int *in, int *out, int *out2) {
  __shared__ int tile[TILE];
  int t = threadIdx.x, base = blockIdx.x * TILE, i = base + t;
  tile[t] = 2 * in[i];
  __syncthreads();
  Cursor cs = {tile + (t & 7), 8};
  Cursor cg = {in + base + (t & 7), 8};
  int acc = 0;
  for (int k = 0; k < 4; ++k)
    acc += (k + 1) * cs.next() - cg.next();
  out[i] = acc;
  Writer w = {out2 + 2 * i};
  w.put(acc - tile[t]);
  w.put(cs.next());  // tile[(t & 7) + 32]
}

// ---------------------------------------------------------------- 5
template <typename F> __device__ __noinline__ void apply_n(int n, const F &f) {
  for (int k = 0; k < n; ++k)
    f(k);
}

extern "C" __global__ void lambda_ref(const int *in, int *out) {
  __shared__ int tile[TILE];
  int t = threadIdx.x, base = blockIdx.x * TILE, i = base + t;
  tile[t] = 2 * in[i];
  __syncthreads();
  int *sp = tile;
  const int *gp = in + base;
  int acc = 0;
  apply_n(4, [&](int k) { acc += (k + 1) * sp[(t + k) % TILE] - gp[(t + 3 * k) % TILE]; });
  out[i] = acc;
}

struct Carve {
  float *f;
  int *n;
};

__device__ __noinline__ Carve carve(unsigned char *raw) {
  Carve c = {reinterpret_cast<float *>(raw), reinterpret_cast<int *>(raw + TILE * sizeof(float))};
  return c;
}

__device__ __noinline__ void fill(const Carve *c, int t, float x, int v) {
  c->f[t] = 2.0f * x;
  c->n[t] = 2 * v;
}

__device__ __noinline__ float read_f(const Carve *c, int t) {
  return c->f[(t + 1) % TILE] + 0.5f * c->f[t];
}

extern "C" __global__ void byte_views(const float *xf, const int *in, float *outf, int *out) {
  __shared__ __align__(16) unsigned char raw[TILE * (sizeof(float) + sizeof(int))];
  int t = threadIdx.x, base = blockIdx.x * TILE, i = base + t;
  Carve c = carve(raw);
  fill(&c, t, xf[i], in[i]);
  __syncthreads();
  outf[i] = read_f(&c, t) - xf[base + (t + 2) % TILE];
  out[i] = c.n[(t + 3) % TILE] - in[i];
}

// ---------------------------------------------------------------- 6
template <typename T> struct no_ref { typedef T type; };
template <typename T> struct no_ref<T &> { typedef T type; };

template <typename T>
__device__ __noinline__ T &&forward_like(typename no_ref<T>::type &x) {
  return static_cast<T &&>(x);
}

struct Holder {
  int *sh;
  const int *gl;
  int val;
  __device__ __noinline__ int &at(int k) { return sh[k]; }
  __device__ __noinline__ const int &row(int k) const { return gl[k]; }
  __device__ __noinline__ int &value() { return val; }
};

extern "C" __global__ void returned_refs(const int *in, int *out, int *out2) {
  __shared__ int tile[TILE];
  int t = threadIdx.x, base = blockIdx.x * TILE, i = base + t;
  tile[t] = 2 * in[i];
  __syncthreads();
  Holder h = {tile, in + base, t};
  int r = h.at((t + 1) % TILE) + 3 * h.row((t + 2) % TILE);
  h.value() += r;                        // private member through a reference
  out[i] = forward_like<int>(h.val) + 1; // read through an rvalue reference
  __syncthreads();
  forward_like<int &>(h.at(t)) += 7;     // shared, own slot
  __syncthreads();
  out2[i] = h.at((t + 5) % TILE) + forward_like<int &>(h.value());
}
