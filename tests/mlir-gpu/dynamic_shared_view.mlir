// Checks: dynamic shared memory (gpu.dynamic_shared_memory) carved into two
// f32 arrays with memref.view at byte offsets 0 and 1024, both cast to the
// generic space and read by a helper. A resolver should trace both views back
// to the dynamic-shared-memory global and prove the helper's loads shared.
// launch: dyn_smem grid=(1,1,1) block=(256,1,1) dynamic_shared=2048 args: in:f32[256]:in out:f32[256]:out
// expect: out = 2*in_ + 0.5*in_[::-1]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @mix(%a: memref<256xf32>, %b: memref<256xf32>, %i: index) -> f32 {
      %c255 = arith.constant 255 : index
      %two = arith.constant 2.0 : f32
      %j = arith.subi %c255, %i : index
      %x = memref.load %a[%i] : memref<256xf32>
      %y = memref.load %b[%j] : memref<256xf32>
      %x2 = arith.mulf %x, %two : f32
      %r = arith.addf %x2, %y : f32
      return %r : f32
    }
    // out[i] = 2 in[i] + in[255 - i] / 2
    gpu.func @dyn_smem(%in: memref<256xf32>, %out: memref<256xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1024 = arith.constant 1024 : index
      %half = arith.constant 0.5 : f32
      %tid = gpu.thread_id x
      %raw = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %a = memref.view %raw[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
      %b = memref.view %raw[%c1024][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
      %v = memref.load %in[%tid] : memref<256xf32>
      %h = arith.mulf %v, %half : f32
      memref.store %v, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %h, %b[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %ga = memref.memory_space_cast %a : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
      %gb = memref.memory_space_cast %b : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
      %r = func.call @mix(%ga, %gb, %tid) : (memref<256xf32>, memref<256xf32>, index) -> f32
      memref.store %r, %out[%tid] : memref<256xf32>
      gpu.return
    }
  }
}
