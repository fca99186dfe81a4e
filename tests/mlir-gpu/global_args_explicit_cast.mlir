// Checks: kernel arguments declared #gpu.address_space<global> and cast to the
// generic space before a helper chain (@saxpy_range loops with scf.for over a
// grid-stride range and calls @saxpy_at). Unlike the default-space kernel
// arguments elsewhere in the corpus, global is proven here by the casts
// alone: no assumption about kernel arguments is needed.
// launch: saxpy grid=(1,1,1) block=(128,1,1) args: x:f32[256]:in y:f32[256]:inout a:f32=2.5
// expect: y = a*x + y
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @saxpy_at(%x: memref<256xf32>, %y: memref<256xf32>, %i: index, %a: f32) {
      %xv = memref.load %x[%i] : memref<256xf32>
      %yv = memref.load %y[%i] : memref<256xf32>
      %ax = arith.mulf %a, %xv : f32
      %r = arith.addf %ax, %yv : f32
      memref.store %r, %y[%i] : memref<256xf32>
      return
    }
    func.func @saxpy_range(%x: memref<256xf32>, %y: memref<256xf32>, %first: index, %step: index, %a: f32) {
      %c256 = arith.constant 256 : index
      scf.for %i = %first to %c256 step %step {
        func.call @saxpy_at(%x, %y, %i, %a) : (memref<256xf32>, memref<256xf32>, index, f32) -> ()
      }
      return
    }
    // y[i] = a x[i] + y[i]
    gpu.func @saxpy(%x: memref<256xf32, #gpu.address_space<global>>,
                    %y: memref<256xf32, #gpu.address_space<global>>, %a: f32) kernel {
      %tid = gpu.thread_id x
      %bdim = gpu.block_dim x
      %gx = memref.memory_space_cast %x : memref<256xf32, #gpu.address_space<global>> to memref<256xf32>
      %gy = memref.memory_space_cast %y : memref<256xf32, #gpu.address_space<global>> to memref<256xf32>
      func.call @saxpy_range(%gx, %gy, %tid, %bdim, %a) : (memref<256xf32>, memref<256xf32>, index, index, f32) -> ()
      gpu.return
    }
  }
}
