// Checks: a tree reduction in a workgroup tile: an scf.for over the strides
// 64, 32, ..., 1 with a gpu.barrier after every step; the pairwise add is a
// helper on the generic tile, called under scf.if (tid < stride). A resolver
// should prove every access in @pair_add and the final generic load shared.
// launch: block_sum grid=(2,1,1) block=(128,1,1) args: in:f32[256]:in sums:f32[2]:out
// expect: sums = in_.reshape(2, 128).sum(axis=1)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @pair_add(%t: memref<128xf32>, %i: index, %j: index) {
      %a = memref.load %t[%i] : memref<128xf32>
      %b = memref.load %t[%j] : memref<128xf32>
      %s = arith.addf %a, %b : f32
      memref.store %s, %t[%i] : memref<128xf32>
      return
    }
    // sums[b] = in[128 b] + ... + in[128 b + 127]
    gpu.func @block_sum(%in: memref<256xf32>, %sums: memref<2xf32>)
        workgroup(%tile: memref<128xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c7 = arith.constant 7 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %base = arith.muli %bid, %c128 : index
      %gid = arith.addi %base, %tid : index
      %v = memref.load %in[%gid] : memref<256xf32>
      memref.store %v, %tile[%tid] : memref<128xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %g = memref.memory_space_cast %tile : memref<128xf32, #gpu.address_space<workgroup>> to memref<128xf32>
      scf.for %k = %c0 to %c7 step %c1 {
        %s = arith.shrui %c64, %k : index
        %active = arith.cmpi ult, %tid, %s : index
        scf.if %active {
          %j = arith.addi %tid, %s : index
          func.call @pair_add(%g, %tid, %j) : (memref<128xf32>, index, index) -> ()
        }
        gpu.barrier
      }
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        %r = memref.load %g[%c0] : memref<128xf32>
        memref.store %r, %sums[%bid] : memref<2xf32>
      }
      gpu.return
    }
  }
}
