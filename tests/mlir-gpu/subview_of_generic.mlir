// Checks: memref.subview of a generic memref (a 4-element window at a dynamic
// offset) inside @window_of, passed on to @sum4; @window_of is called with a
// workgroup tile and with a plain default-space kernel argument. After
// expand-strided-metadata the window is a reinterpret_cast of the base
// pointer: a resolver should follow it and clone both helpers per space.
// launch: windows grid=(1,1,1) block=(256,1,1) args: in:f32[256]:in out:f32[256]:out
// expect: s = np.minimum(i, 252)
// expect: out = 2*(in_[s] + in_[s + 1] + in_[s + 2] + in_[s + 3])
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @sum4(%w: memref<4xf32, strided<[1], offset: ?>>) -> f32 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %zero = arith.constant 0.0 : f32
      %r = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f32) {
        %v = memref.load %w[%k] : memref<4xf32, strided<[1], offset: ?>>
        %a = arith.addf %acc, %v : f32
        scf.yield %a : f32
      }
      return %r : f32
    }
    func.func @window_of(%buf: memref<256xf32>, %start: index) -> f32 {
      %w = memref.subview %buf[%start] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1], offset: ?>>
      %r = func.call @sum4(%w) : (memref<4xf32, strided<[1], offset: ?>>) -> f32
      return %r : f32
    }
    // out[i] = 2 (in[s] + in[s+1] + in[s+2] + in[s+3]), s = min(i, 252)
    gpu.func @windows(%in: memref<256xf32>, %out: memref<256xf32>)
        workgroup(%tile: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %c252 = arith.constant 252 : index
      %tid = gpu.thread_id x
      %v = memref.load %in[%tid] : memref<256xf32>
      memref.store %v, %tile[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %s = arith.minui %tid, %c252 : index
      %g = memref.memory_space_cast %tile : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
      %a = func.call @window_of(%g, %s) : (memref<256xf32>, index) -> f32
      %b = func.call @window_of(%in, %s) : (memref<256xf32>, index) -> f32
      %r = arith.addf %a, %b : f32
      memref.store %r, %out[%tid] : memref<256xf32>
      gpu.return
    }
  }
}
