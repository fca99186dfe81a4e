// Checks: arith.select picks, per block, the workgroup tile (even blocks) or
// the global output (odd blocks), both cast to the generic space, and the
// result is used by a helper and by the kernel. The space depends on the
// block id at run time: a resolver must NOT resolve these accesses to one
// space (they stay generic, or become a run-time switch); resolving them to
// either space changes the output of one of the two blocks.
// launch: select_by_block grid=(2,1,1) block=(128,1,1) args: in:f32[256]:in out:f32[256]:out
// expect: out = np.where(i < 128, 2*in_ + 2, 2*in_ + 1)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @bump(%buf: memref<256xf32>, %i: index) {
      %one = arith.constant 1.0 : f32
      %v = memref.load %buf[%i] : memref<256xf32>
      %s = arith.addf %v, %one : f32
      memref.store %s, %buf[%i] : memref<256xf32>
      return
    }
    // out[g] = 2 in[g] + 2 on block 0, 2 in[g] + 1 on block 1
    gpu.func @select_by_block(%in: memref<256xf32>, %out: memref<256xf32>)
        workgroup(%tile: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %base = arith.muli %bid, %bdim : index
      %gid = arith.addi %base, %tid : index
      %v = memref.load %in[%gid] : memref<256xf32>
      memref.store %v, %tile[%gid] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%gid] : memref<256xf32>
      %gt = memref.memory_space_cast %tile : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
      %parity = arith.remui %bid, %c2 : index
      %even = arith.cmpi eq, %parity, %c0 : index
      %p = arith.select %even, %gt, %out : memref<256xf32>
      func.call @bump(%p, %gid) : (memref<256xf32>, index) -> ()
      %r = memref.load %p[%gid] : memref<256xf32>
      gpu.barrier
      %w = memref.load %tile[%gid] : memref<256xf32, #gpu.address_space<workgroup>>
      %s = arith.addf %r, %w : f32
      memref.store %s, %out[%gid] : memref<256xf32>
      gpu.return
    }
  }
}
