// Checks: a helper walks two generic memrefs with scf.for (a loop-carried sum
// and an index that wraps around): the data is a workgroup tile, the weights a
// plain default-space kernel argument. A resolver should prove the tile's
// loads inside the loop are shared and the weights' loads global (kernel
// argument), through the loop's block arguments.
// launch: window_sums grid=(1,1,1) block=(256,1,1) args: in:f32[256]:in w:f32[8]:in out:f32[256]:out
// expect: out = sum(np.roll(in_, -k) * w[k] for k in range(8))
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // sum over k < 8 of data[(start + k) mod 256] * weights[k]
    func.func @weighted_window(%data: memref<256xf32>, %weights: memref<8xf32>, %start: index) -> f32 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c256 = arith.constant 256 : index
      %zero = arith.constant 0.0 : f32
      %sum = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (f32) {
        %j0 = arith.addi %start, %k : index
        %j = arith.remui %j0, %c256 : index
        %x = memref.load %data[%j] : memref<256xf32>
        %w = memref.load %weights[%k] : memref<8xf32>
        %p = arith.mulf %x, %w : f32
        %a = arith.addf %acc, %p : f32
        scf.yield %a : f32
      }
      return %sum : f32
    }
    gpu.func @window_sums(%in: memref<256xf32>, %w: memref<8xf32>, %out: memref<256xf32>)
        workgroup(%tile: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %tid = gpu.thread_id x
      %v = memref.load %in[%tid] : memref<256xf32>
      memref.store %v, %tile[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %g = memref.memory_space_cast %tile : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
      %r = func.call @weighted_window(%g, %w, %tid) : (memref<256xf32>, memref<8xf32>, index) -> f32
      memref.store %r, %out[%tid] : memref<256xf32>
      gpu.return
    }
  }
}
