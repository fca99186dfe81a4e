// Checks: a private scratch array (private(...) attribution) cast to the
// generic space and passed to two helpers, one filling it in an scf.for, one
// summing it. A resolver should prove every access in @fill_multiples and
// @sum8 private (the attribution is an alloca: NVPTX local, AMDGPU addrspace 5,
// SPIR-V Function storage). On NVVM the alloca itself is in addrspace 0, so
// even the kernel's view of it counts as generic before resolution.
// launch: private_sum grid=(1,1,1) block=(256,1,1) args: in:f32[256]:in out:f32[256]:out
// expect: out = 35*in_
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // s[k] = x * k
    func.func @fill_multiples(%s: memref<8xf32>, %x: f32) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      scf.for %k = %c0 to %c8 step %c1 {
        %ki = arith.index_cast %k : index to i32
        %kf = arith.sitofp %ki : i32 to f32
        %v = arith.mulf %x, %kf : f32
        memref.store %v, %s[%k] : memref<8xf32>
      }
      return
    }
    func.func @sum8(%s: memref<8xf32>) -> f32 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0.0 : f32
      %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (f32) {
        %v = memref.load %s[%k] : memref<8xf32>
        %a = arith.addf %acc, %v : f32
        scf.yield %a : f32
      }
      return %r : f32
    }
    // out[i] = 28 in[i] + in[i] * 7 = 35 in[i]
    gpu.func @private_sum(%in: memref<256xf32>, %out: memref<256xf32>)
        private(%scratch: memref<8xf32, #gpu.address_space<private>>) kernel {
      %c7 = arith.constant 7 : index
      %tid = gpu.thread_id x
      %x = memref.load %in[%tid] : memref<256xf32>
      %g = memref.memory_space_cast %scratch : memref<8xf32, #gpu.address_space<private>> to memref<8xf32>
      func.call @fill_multiples(%g, %x) : (memref<8xf32>, f32) -> ()
      %r = func.call @sum8(%g) : (memref<8xf32>) -> f32
      %last = memref.load %scratch[%c7] : memref<8xf32, #gpu.address_space<private>>
      %s = arith.addf %r, %last : f32
      memref.store %s, %out[%tid] : memref<256xf32>
      gpu.return
    }
  }
}
