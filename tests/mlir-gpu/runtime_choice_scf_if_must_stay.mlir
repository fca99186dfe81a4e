// Checks: scf.if yields, per thread, either a workgroup tile (even threads) or
// a global buffer (odd threads), both cast to the generic space: the join
// mixes two original spaces inside one warp. Kernel arguments are explicitly
// #gpu.address_space<global>. A resolver must keep the accesses through the
// joined memref (in @triple and in the kernel) generic or switch at run time;
// the direct global and workgroup accesses are already specific.
// launch: choose_by_thread grid=(1,1,1) block=(256,1,1) args: in:f32[256]:in out:f32[256]:out
// expect: out = np.where(i % 2 == 0, 6*in_, 4*in_)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @triple(%buf: memref<256xf32>, %i: index) {
      %three = arith.constant 3.0 : f32
      %v = memref.load %buf[%i] : memref<256xf32>
      %m = arith.mulf %v, %three : f32
      memref.store %m, %buf[%i] : memref<256xf32>
      return
    }
    // out[i] = 6 in[i] for even i (tile tripled), 4 in[i] for odd i (out tripled)
    gpu.func @choose_by_thread(%in: memref<256xf32, #gpu.address_space<global>>,
                               %out: memref<256xf32, #gpu.address_space<global>>)
        workgroup(%tile: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %c1 = arith.constant 1 : index
      %c0 = arith.constant 0 : index
      %tid = gpu.thread_id x
      %v = memref.load %in[%tid] : memref<256xf32, #gpu.address_space<global>>
      memref.store %v, %tile[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tid] : memref<256xf32, #gpu.address_space<global>>
      %gt = memref.memory_space_cast %tile : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
      %go = memref.memory_space_cast %out : memref<256xf32, #gpu.address_space<global>> to memref<256xf32>
      %bit = arith.andi %tid, %c1 : index
      %even = arith.cmpi eq, %bit, %c0 : index
      %p = scf.if %even -> (memref<256xf32>) {
        scf.yield %gt : memref<256xf32>
      } else {
        scf.yield %go : memref<256xf32>
      }
      func.call @triple(%p, %tid) : (memref<256xf32>, index) -> ()
      %r = memref.load %p[%tid] : memref<256xf32>
      gpu.barrier
      %w = memref.load %tile[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %s = arith.addf %r, %w : f32
      memref.store %s, %out[%tid] : memref<256xf32, #gpu.address_space<global>>
      gpu.return
    }
  }
}
