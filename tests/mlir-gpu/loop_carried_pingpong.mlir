// Checks: two workgroup tiles, cast to generic, swapped every iteration of an
// scf.for through its iter_args (ping-pong Jacobi smoothing, a gpu.barrier per
// step). The memrefs reaching @relax are loop-carried block arguments fed only
// by workgroup casts: a resolver should prove them shared through the loop.
// launch: jacobi grid=(1,1,1) block=(256,1,1) args: in:f32[256]:in out:f32[256]:out
// expect: out = in_.copy()
// expect: for _ in range(4): out = (out[np.maximum(i - 1, 0)] + 2*out + out[np.minimum(i + 1, 255)]) * 0.25
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // dst[i] = (src[max(i-1,0)] + 2 src[i] + src[min(i+1,255)]) / 4
    func.func @relax(%src: memref<256xf32>, %dst: memref<256xf32>, %i: index) {
      %c1 = arith.constant 1 : index
      %c255 = arith.constant 255 : index
      %two = arith.constant 2.0 : f32
      %quarter = arith.constant 0.25 : f32
      %i1 = arith.maxui %i, %c1 : index
      %l = arith.subi %i1, %c1 : index
      %r0 = arith.addi %i, %c1 : index
      %r = arith.minui %r0, %c255 : index
      %lv = memref.load %src[%l] : memref<256xf32>
      %cv = memref.load %src[%i] : memref<256xf32>
      %rv = memref.load %src[%r] : memref<256xf32>
      %c2v = arith.mulf %cv, %two : f32
      %s0 = arith.addf %lv, %c2v : f32
      %s1 = arith.addf %s0, %rv : f32
      %s = arith.mulf %s1, %quarter : f32
      memref.store %s, %dst[%i] : memref<256xf32>
      return
    }
    // out = in after 4 smoothing steps
    gpu.func @jacobi(%in: memref<256xf32>, %out: memref<256xf32>)
        workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                  %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %tid = gpu.thread_id x
      %v = memref.load %in[%tid] : memref<256xf32>
      memref.store %v, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %ga = memref.memory_space_cast %a : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
      %gb = memref.memory_space_cast %b : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
      %res:2 = scf.for %it = %c0 to %c4 step %c1 iter_args(%s = %ga, %d = %gb) -> (memref<256xf32>, memref<256xf32>) {
        func.call @relax(%s, %d, %tid) : (memref<256xf32>, memref<256xf32>, index) -> ()
        gpu.barrier
        scf.yield %d, %s : memref<256xf32>, memref<256xf32>
      }
      %r = memref.load %res#0[%tid] : memref<256xf32>
      memref.store %r, %out[%tid] : memref<256xf32>
      gpu.return
    }
  }
}
