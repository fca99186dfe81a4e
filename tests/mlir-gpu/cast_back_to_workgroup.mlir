// Checks: a generic memref cast back to the workgroup space. @rotate_shared
// receives a generic memref and casts it to #gpu.address_space<workgroup>
// (addrspacecast generic -> 3) before reading; the kernel also reads through
// the generic value itself. A resolver should see that the generic value is a
// cast of the tile (so the round trip is the tile itself and the kernel's
// generic load is shared), and leave a cast whose operand it cannot prove
// workgroup alone.
// launch: roundtrip grid=(1,1,1) block=(256,1,1) args: in:f32[256]:in out:f32[256]:out
// expect: out = np.roll(in_, -3) + in_
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @rotate_shared(%g: memref<256xf32>, %i: index) -> f32 {
      %c3 = arith.constant 3 : index
      %c256 = arith.constant 256 : index
      %w = memref.memory_space_cast %g : memref<256xf32> to memref<256xf32, #gpu.address_space<workgroup>>
      %j0 = arith.addi %i, %c3 : index
      %j = arith.remui %j0, %c256 : index
      %x = memref.load %w[%j] : memref<256xf32, #gpu.address_space<workgroup>>
      return %x : f32
    }
    // out[i] = in[(i + 3) mod 256] + in[i]
    gpu.func @roundtrip(%in: memref<256xf32>, %out: memref<256xf32>)
        workgroup(%tile: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %tid = gpu.thread_id x
      %v = memref.load %in[%tid] : memref<256xf32>
      memref.store %v, %tile[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %g = memref.memory_space_cast %tile : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
      %x = func.call @rotate_shared(%g, %tid) : (memref<256xf32>, index) -> f32
      %y = memref.load %g[%tid] : memref<256xf32>
      %s = arith.addf %x, %y : f32
      memref.store %s, %out[%tid] : memref<256xf32>
      gpu.return
    }
  }
}
