// Checks: scf.if picks one of two generic memrefs that are both casts of
// workgroup tiles (odd threads get %a, even threads %b). The choice is made at
// run time but both sides are workgroup memory, so a resolver should prove
// the joined value (a block argument after scf-to-cf) shared: the helper's and
// the kernel's accesses through it need no run-time check.
// launch: pick_tile grid=(1,1,1) block=(256,1,1) args: in:f32[256]:in out:f32[256]:out
// expect: out = np.where(i % 2 == 1, in_ + 1, 3*in_ + 1)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @add_into(%dst: memref<256xf32>, %i: index, %x: f32) {
      %old = memref.load %dst[%i] : memref<256xf32>
      %s = arith.addf %old, %x : f32
      memref.store %s, %dst[%i] : memref<256xf32>
      return
    }
    // out[i] = in[i] + 1 for odd i, 3 in[i] + 1 for even i
    gpu.func @pick_tile(%in: memref<256xf32>, %out: memref<256xf32>)
        workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                  %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %c1 = arith.constant 1 : index
      %three = arith.constant 3.0 : f32
      %one = arith.constant 1.0 : f32
      %tid = gpu.thread_id x
      %v = memref.load %in[%tid] : memref<256xf32>
      %v3 = arith.mulf %v, %three : f32
      memref.store %v, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v3, %b[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %ga = memref.memory_space_cast %a : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
      %gb = memref.memory_space_cast %b : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
      %bit = arith.andi %tid, %c1 : index
      %odd = arith.cmpi eq, %bit, %c1 : index
      %t = scf.if %odd -> (memref<256xf32>) {
        scf.yield %ga : memref<256xf32>
      } else {
        scf.yield %gb : memref<256xf32>
      }
      func.call @add_into(%t, %tid, %one) : (memref<256xf32>, index, f32) -> ()
      %r = memref.load %t[%tid] : memref<256xf32>
      memref.store %r, %out[%tid] : memref<256xf32>
      gpu.return
    }
  }
}
