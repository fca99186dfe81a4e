// A minimal HIP device header for clang's `-x hip -nogpuinc` mode (no ROCm
// install): what the CUDA corpus programs use that HIP spells the same way.
// Included with -include; programs needing more (cooperative groups, warp
// shuffles, __ldg) are not in the HIP subset (tests/cuda/hip.sh).
#pragma once
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __forceinline__ __attribute__((always_inline))

struct __hip_uint3 {
  unsigned x, y, z;
};
__device__ static inline __hip_uint3 __hip_thread_idx() {
  return {__builtin_amdgcn_workitem_id_x(), __builtin_amdgcn_workitem_id_y(),
          __builtin_amdgcn_workitem_id_z()};
}
__device__ static inline __hip_uint3 __hip_block_idx() {
  return {__builtin_amdgcn_workgroup_id_x(), __builtin_amdgcn_workgroup_id_y(),
          __builtin_amdgcn_workgroup_id_z()};
}
__device__ static inline __hip_uint3 __hip_block_dim() {
  return {__builtin_amdgcn_workgroup_size_x(), __builtin_amdgcn_workgroup_size_y(),
          __builtin_amdgcn_workgroup_size_z()};
}
__device__ static inline __hip_uint3 __hip_grid_dim() {
  return {__builtin_amdgcn_grid_size_x() / __builtin_amdgcn_workgroup_size_x(),
          __builtin_amdgcn_grid_size_y() / __builtin_amdgcn_workgroup_size_y(),
          __builtin_amdgcn_grid_size_z() / __builtin_amdgcn_workgroup_size_z()};
}
#define threadIdx (__hip_thread_idx())
#define blockIdx (__hip_block_idx())
#define blockDim (__hip_block_dim())
#define gridDim (__hip_grid_dim())

__device__ static inline void __syncthreads() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
__device__ static inline void __threadfence() { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent"); }

#define __HIP_ATOMIC(name, builtin)                                                  \
  template <typename T> __device__ static inline T name(T *address, T value) {       \
    return builtin(address, value, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);      \
  }
__HIP_ATOMIC(atomicAdd, __hip_atomic_fetch_add)
__HIP_ATOMIC(atomicMax, __hip_atomic_fetch_max)
__HIP_ATOMIC(atomicMin, __hip_atomic_fetch_min)
__HIP_ATOMIC(atomicOr, __hip_atomic_fetch_or)
__HIP_ATOMIC(atomicAnd, __hip_atomic_fetch_and)
__HIP_ATOMIC(atomicXor, __hip_atomic_fetch_xor)
__HIP_ATOMIC(atomicExch, __hip_atomic_exchange)
template <typename T> __device__ static inline T atomicSub(T *address, T value) {
  return atomicAdd(address, -value);
}
template <typename T> __device__ static inline T atomicCAS(T *address, T compare, T value) {
  __hip_atomic_compare_exchange_strong(address, &compare, value, __ATOMIC_RELAXED,
                                       __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  return compare;
}
template <typename T> __device__ static inline T max(T a, T b) { return a < b ? b : a; }
template <typename T> __device__ static inline T min(T a, T b) { return b < a ? b : a; }
__device__ static inline float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
__device__ static inline int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
template <typename T> __device__ static inline T __ldg(const T *address) { return *address; }
