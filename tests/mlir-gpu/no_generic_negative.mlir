// Checks (negative case): every memref has a specific space: kernel arguments
// are #gpu.address_space<global>, the tile is workgroup, the helper takes a
// global memref; there is no cast to the generic space. Kernels and helpers
// have no generic access before resolution, and a resolver should change
// nothing. The one generic load left on NVVM and ROCDL is in MLIR's
// _mlir_ciface_load_global wrapper (it reads the memref descriptor through a
// pointer argument), which is not kernel code.
// launch: direct grid=(2,1,1) block=(128,1,1) args: in:f32[256]:in out:f32[256]:out
// expect: out = in_ + in_.reshape(2, 128)[:, ::-1].reshape(256)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @load_global(%b: memref<256xf32, #gpu.address_space<global>>, %i: index) -> f32 {
      %v = memref.load %b[%i] : memref<256xf32, #gpu.address_space<global>>
      return %v : f32
    }
    // out[128 b + t] = in[128 b + t] + in[128 b + 127 - t]
    gpu.func @direct(%in: memref<256xf32, #gpu.address_space<global>>,
                     %out: memref<256xf32, #gpu.address_space<global>>)
        workgroup(%tile: memref<128xf32, #gpu.address_space<workgroup>>) kernel {
      %c127 = arith.constant 127 : index
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %base = arith.muli %bid, %bdim : index
      %gid = arith.addi %base, %tid : index
      %v = func.call @load_global(%in, %gid) : (memref<256xf32, #gpu.address_space<global>>, index) -> f32
      memref.store %v, %tile[%tid] : memref<128xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %m = arith.subi %c127, %tid : index
      %w = memref.load %tile[%m] : memref<128xf32, #gpu.address_space<workgroup>>
      %s = arith.addf %v, %w : f32
      memref.store %s, %out[%gid] : memref<256xf32, #gpu.address_space<global>>
      gpu.return
    }
  }
}
