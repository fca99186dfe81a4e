// Checks: a chain of three helpers (@smooth_outer -> @smooth_mid -> @smooth_leaf),
// every level taking generic memref<256xf32> operands and doing its own load or
// store, called from the kernel with two workgroup tiles only. A resolver
// should carry "workgroup" down all three levels (interprocedurally, or by
// cloning each level): no generic access is left in any of them.
// launch: chain grid=(1,1,1) block=(256,1,1) args: in:f32[256]:in out:f32[256]:out
// expect: out = in_ + 0.5*in_[np.minimum(i + 1, 255)]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @smooth_leaf(%src: memref<256xf32>, %dst: memref<256xf32>, %i: index, %x: f32) {
      %old = memref.load %src[%i] : memref<256xf32>
      %s = arith.addf %old, %x : f32
      memref.store %s, %dst[%i] : memref<256xf32>
      return
    }
    func.func @smooth_mid(%src: memref<256xf32>, %dst: memref<256xf32>, %i: index, %j: index) {
      %half = arith.constant 0.5 : f32
      %x = memref.load %src[%j] : memref<256xf32>
      %h = arith.mulf %x, %half : f32
      func.call @smooth_leaf(%src, %dst, %i, %h) : (memref<256xf32>, memref<256xf32>, index, f32) -> ()
      return
    }
    func.func @smooth_outer(%src: memref<256xf32>, %dst: memref<256xf32>, %i: index) -> f32 {
      %c255 = arith.constant 255 : index
      %c1 = arith.constant 1 : index
      %last = arith.cmpi eq, %i, %c255 : index
      %next = arith.addi %i, %c1 : index
      %j = arith.select %last, %i, %next : index
      func.call @smooth_mid(%src, %dst, %i, %j) : (memref<256xf32>, memref<256xf32>, index, index) -> ()
      %r = memref.load %dst[%i] : memref<256xf32>
      return %r : f32
    }
    // out[i] = in[i] + in[min(i+1, 255)] / 2
    gpu.func @chain(%in: memref<256xf32>, %out: memref<256xf32>)
        workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                  %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %tid = gpu.thread_id x
      %v = memref.load %in[%tid] : memref<256xf32>
      memref.store %v, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %ga = memref.memory_space_cast %a : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
      %gb = memref.memory_space_cast %b : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
      %r = func.call @smooth_outer(%ga, %gb, %tid) : (memref<256xf32>, memref<256xf32>, index) -> f32
      memref.store %r, %out[%tid] : memref<256xf32>
      gpu.return
    }
  }
}
