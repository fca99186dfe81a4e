// Checks: a 1-D three-point stencil over a workgroup tile with a halo (130
// slots for 128 threads; the edge threads load the halo under scf.if), read by
// @stencil3 through the generic tile. A resolver should prove its loads shared.
// launch: stencil grid=(2,1,1) block=(128,1,1) args: in:f32[256]:in out:f32[256]:out
// expect: out = 0.25*in_[np.maximum(i - 1, 0)] + 0.5*in_ + 0.25*in_[np.minimum(i + 1, 255)]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // (t[i] + t[i+2] + 2 t[i+1]) / 4: the tile is shifted by one (halo)
    func.func @stencil3(%t: memref<130xf32>, %i: index) -> f32 {
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %q = arith.constant 0.25 : f32
      %i1 = arith.addi %i, %c1 : index
      %i2 = arith.addi %i, %c2 : index
      %a = memref.load %t[%i] : memref<130xf32>
      %b = memref.load %t[%i1] : memref<130xf32>
      %c = memref.load %t[%i2] : memref<130xf32>
      %ac = arith.addf %a, %c : f32
      %bb = arith.addf %b, %b : f32
      %s0 = arith.addf %ac, %bb : f32
      %s = arith.mulf %s0, %q : f32
      return %s : f32
    }
    // out[g] = in[max(g-1,0)]/4 + in[g]/2 + in[min(g+1,255)]/4
    gpu.func @stencil(%in: memref<256xf32>, %out: memref<256xf32>)
        workgroup(%tile: memref<130xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c127 = arith.constant 127 : index
      %c129 = arith.constant 129 : index
      %c255 = arith.constant 255 : index
      %tid = gpu.thread_id x
      %gid = gpu.global_id x
      %v = memref.load %in[%gid] : memref<256xf32>
      %slot = arith.addi %tid, %c1 : index
      memref.store %v, %tile[%slot] : memref<130xf32, #gpu.address_space<workgroup>>
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        %g1 = arith.maxui %gid, %c1 : index
        %l = arith.subi %g1, %c1 : index
        %lv = memref.load %in[%l] : memref<256xf32>
        memref.store %lv, %tile[%c0] : memref<130xf32, #gpu.address_space<workgroup>>
      }
      %last = arith.cmpi eq, %tid, %c127 : index
      scf.if %last {
        %r0 = arith.addi %gid, %c1 : index
        %r = arith.minui %r0, %c255 : index
        %rv = memref.load %in[%r] : memref<256xf32>
        memref.store %rv, %tile[%c129] : memref<130xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %g = memref.memory_space_cast %tile : memref<130xf32, #gpu.address_space<workgroup>> to memref<130xf32>
      %s = func.call @stencil3(%g, %tid) : (memref<130xf32>, index) -> f32
      memref.store %s, %out[%gid] : memref<256xf32>
      gpu.return
    }
  }
}
