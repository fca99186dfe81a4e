// Minimal CUDA header for clang's device-only mode without a CUDA SDK:
//   clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -nocudainc -nocudalib
//         -Xclang -target-feature -Xclang +ptx80 -O2 -emit-llvm -S
//         -include tests/cuda/cuda.h k.cu -o k.ll
// It gives the corpus in tests/cuda/ what it uses of CUDA and nothing more:
// the memory-space and function attributes, the built-in index variables,
// __syncthreads and a few atomics. Everything maps to clang attributes and
// NVVM builtins, as clang's own CUDA headers (__clang_cuda_*.h) do.
#ifndef GAS_TESTS_CUDA_H
#define GAS_TESTS_CUDA_H

#ifndef __CUDA__
#error "tests/cuda/cuda.h is for clang -x cuda"
#endif

// Function and variable attributes. __noinline__ is a keyword of clang's
// CUDA mode already; __restrict__ is a clang keyword.
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))

// Vector types of the index variables.
struct uint3 {
  unsigned int x, y, z;
};
struct dim3 {
  unsigned int x, y, z;
};

// threadIdx.x etc.: each name is a call that reads the three special
// registers; the unused reads are dropped (they are memory(none)).
#define __GAS_SREG3(type, reg)                                                   \
  type {                                                                         \
    (unsigned int)__nvvm_read_ptx_sreg_##reg##_x(),                              \
        (unsigned int)__nvvm_read_ptx_sreg_##reg##_y(),                          \
        (unsigned int)__nvvm_read_ptx_sreg_##reg##_z()                           \
  }
static __device__ __forceinline__ uint3 __gas_thread_idx() { return __GAS_SREG3(uint3, tid); }
static __device__ __forceinline__ uint3 __gas_block_idx() { return __GAS_SREG3(uint3, ctaid); }
static __device__ __forceinline__ dim3 __gas_block_dim() { return __GAS_SREG3(dim3, ntid); }
static __device__ __forceinline__ dim3 __gas_grid_dim() { return __GAS_SREG3(dim3, nctaid); }
#define threadIdx (__gas_thread_idx())
#define blockIdx (__gas_block_idx())
#define blockDim (__gas_block_dim())
#define gridDim (__gas_grid_dim())

// __syncthreads is a clang builtin for NVPTX (llvm.nvvm.barrier...sync(0)).
#if !__has_builtin(__syncthreads)
#define __syncthreads() __nvvm_barrier_sync(0)
#endif

// Atomics through generic pointers (CUDA's atomicAdd etc. take generic
// pointers; the pointer may point to global or shared memory).
static __device__ __forceinline__ float atomicAdd(float *address, float value) {
  return __nvvm_atom_add_gen_f(address, value);
}
static __device__ __forceinline__ int atomicAdd(int *address, int value) {
  return __nvvm_atom_add_gen_i(address, value);
}
static __device__ __forceinline__ unsigned int atomicAdd(unsigned int *address,
                                                         unsigned int value) {
  return (unsigned int)__nvvm_atom_add_gen_i((int *)address, (int)value);
}
static __device__ __forceinline__ int atomicMax(int *address, int value) {
  return __nvvm_atom_max_gen_i(address, value);
}
static __device__ __forceinline__ int atomicMin(int *address, int value) {
  return __nvvm_atom_min_gen_i(address, value);
}

#endif // GAS_TESTS_CUDA_H
