// Checks: vector.load / vector.store of vector<4xf32> through a generic
// memref. @scale4 is called with a workgroup tile and with the global output
// (plain kernel argument); the kernel also moves vectors between global and
// shared directly. A resolver should give each clone of @scale4 shared or
// global vector accesses (keeping their alignment).
// launch: vec4 grid=(1,1,1) block=(64,1,1) args: in:f32[256]:in out:f32[256]:out
// expect: out = 3*in_ + 2*np.roll(in_, -4)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @scale4(%buf: memref<256xf32>, %i: index, %s: f32) {
      %c4 = arith.constant 4 : index
      %base = arith.muli %i, %c4 : index
      %v = vector.load %buf[%base] : memref<256xf32>, vector<4xf32>
      %sv = vector.broadcast %s : f32 to vector<4xf32>
      %r = arith.mulf %v, %sv : vector<4xf32>
      vector.store %r, %buf[%base] : memref<256xf32>, vector<4xf32>
      return
    }
    // out[4t..4t+3] = 3 in[4t..4t+3] + 2 in[(4t+4..4t+7) mod 256]
    gpu.func @vec4(%in: memref<256xf32>, %out: memref<256xf32>)
        workgroup(%tile: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %c4 = arith.constant 4 : index
      %c256 = arith.constant 256 : index
      %two = arith.constant 2.0 : f32
      %three = arith.constant 3.0 : f32
      %tid = gpu.thread_id x
      %base = arith.muli %tid, %c4 : index
      %v = vector.load %in[%base] : memref<256xf32>, vector<4xf32>
      vector.store %v, %tile[%base] : memref<256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      vector.store %v, %out[%base] : memref<256xf32>, vector<4xf32>
      %g = memref.memory_space_cast %tile : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
      func.call @scale4(%g, %tid, %two) : (memref<256xf32>, index, f32) -> ()
      func.call @scale4(%out, %tid, %three) : (memref<256xf32>, index, f32) -> ()
      gpu.barrier
      %n0 = arith.addi %base, %c4 : index
      %n = arith.remui %n0, %c256 : index
      %w = vector.load %tile[%n] : memref<256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %o = vector.load %out[%base] : memref<256xf32>, vector<4xf32>
      %s = arith.addf %o, %w : vector<4xf32>
      vector.store %s, %out[%base] : memref<256xf32>, vector<4xf32>
      gpu.return
    }
  }
}
