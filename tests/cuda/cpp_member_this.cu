// cpp_member_this: a class with noinline member functions called on objects
// in a local variable (`this` is an alloca), in a `__shared__` array and in
// a global buffer; members taking another object by const reference
// (absorb) mix the three: shared this with a local argument, local this
// with a shared argument, global this with a local argument.
#define TILE 256

class Window4 {
public:
  __device__ __noinline__ void reset(float w) {
    for (int k = 0; k < 4; ++k)
      v[k] = 0.0f;
    weight = w;
  }
  __device__ __noinline__ void shift_in(float x) {
    v[0] = v[1];
    v[1] = v[2];
    v[2] = v[3];
    v[3] = x;
  }
  __device__ __noinline__ void absorb(const Window4 &other) {
    for (int k = 0; k < 4; ++k)
      v[k] += other.v[k];
  }
  __device__ __noinline__ float total() const { return weight * (v[0] + v[1] + v[2] + v[3]); }

private:
  float v[4];
  float weight;
};

// wins: one Window4 (5 floats: v[0..3], weight) per thread.
extern "C" __global__ void member_this(const float *in, Window4 *wins, float *out, float w,
                                       int n) {
  __shared__ Window4 shared_wins[TILE];
  int t = threadIdx.x;
  int i = blockIdx.x * TILE + t;
  Window4 local;
  local.reset(1.0f);
  shared_wins[t].reset(w);
  wins[i].reset(2.0f);
  for (int k = 0; k < 6; ++k) {
    float x = in[(i + k) % n];
    local.shift_in(x);
    shared_wins[t].shift_in(x + 1.0f);
    wins[i].shift_in(2.0f * x);
  }
  shared_wins[t].absorb(local);
  __syncthreads();
  local.absorb(shared_wins[(t + 1) % TILE]);
  wins[i].absorb(local);
  out[i] = local.total() + shared_wins[t].total() + wins[i].total();
}
