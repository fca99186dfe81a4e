// Checks: one helper, @twice_plus_one(memref<256xf32>) in the generic space, is
// called with a workgroup tile (memory_space_cast workgroup -> generic) and with
// a plain default-space kernel argument. A resolver should clone the helper per
// call site: the tile clone's load/store are shared (workgroup), the other
// clone's are global (the kernel-argument assumption: a kernel's memref
// argument points to global memory).
// launch: scale_both grid=(1,1,1) block=(256,1,1) args: in:f32[256]:in out:f32[256]:out
// expect: out = (2*in_ + 1) + (2*np.roll(in_, -1) + 1)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @twice_plus_one(%buf: memref<256xf32>, %i: index) {
      %c2 = arith.constant 2.0 : f32
      %c1 = arith.constant 1.0 : f32
      %v = memref.load %buf[%i] : memref<256xf32>
      %m = arith.mulf %v, %c2 : f32
      %r = arith.addf %m, %c1 : f32
      memref.store %r, %buf[%i] : memref<256xf32>
      return
    }
    gpu.func @scale_both(%in: memref<256xf32>, %out: memref<256xf32>)
        workgroup(%tile: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %c1 = arith.constant 1 : index
      %c256 = arith.constant 256 : index
      %tid = gpu.thread_id x
      %v = memref.load %in[%tid] : memref<256xf32>
      memref.store %v, %tile[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tid] : memref<256xf32>
      %g = memref.memory_space_cast %tile : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
      func.call @twice_plus_one(%g, %tid) : (memref<256xf32>, index) -> ()
      func.call @twice_plus_one(%out, %tid) : (memref<256xf32>, index) -> ()
      gpu.barrier
      // out[i] = (2 in[i] + 1) + (2 in[i+1 mod 256] + 1): reads a neighbour's tile slot.
      %n0 = arith.addi %tid, %c1 : index
      %n = arith.remui %n0, %c256 : index
      %w = memref.load %tile[%n] : memref<256xf32, #gpu.address_space<workgroup>>
      %o = memref.load %out[%tid] : memref<256xf32>
      %s = arith.addf %o, %w : f32
      memref.store %s, %out[%tid] : memref<256xf32>
      gpu.return
    }
  }
}
