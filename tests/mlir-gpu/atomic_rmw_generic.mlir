// Checks: memref.atomic_rmw through generic memrefs. @bump (addi) is called
// with a workgroup histogram (cast to generic) and with global histograms
// (plain kernel arguments); @add_total (addf) with a global scalar. A resolver
// should clone @bump: shared atomics for the local histogram, global atomics
// for the others.
// launch: histogram grid=(2,1,1) block=(128,1,1) args: keys:i32[256]:in hist:i32[16]:out hist_direct:i32[16]:out total:f32[1]:out
// expect: hist = np.bincount(keys & 15, minlength=16)
// expect: hist_direct = hist
// expect: total = np.array([keys.sum()])
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @bump(%h: memref<16xi32>, %bin: index, %n: i32) {
      %old = memref.atomic_rmw addi %n, %h[%bin] : (i32, memref<16xi32>) -> i32
      return
    }
    func.func @add_total(%t: memref<1xf32>, %x: f32) {
      %c0 = arith.constant 0 : index
      %old = memref.atomic_rmw addf %x, %t[%c0] : (f32, memref<1xf32>) -> f32
      return
    }
    // hist and hist_direct: count of keys with (key & 15) == bin; total: sum of keys
    gpu.func @histogram(%keys: memref<256xi32>, %hist: memref<16xi32>,
                        %hist_direct: memref<16xi32>, %total: memref<1xf32>)
        workgroup(%local: memref<16xi32, #gpu.address_space<workgroup>>) kernel {
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %m15 = arith.constant 15 : i32
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %base = arith.muli %bid, %bdim : index
      %gid = arith.addi %base, %tid : index
      %lane = arith.cmpi ult, %tid, %c16 : index
      scf.if %lane {
        memref.store %zero, %local[%tid] : memref<16xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %k = memref.load %keys[%gid] : memref<256xi32>
      %b32 = arith.andi %k, %m15 : i32
      %bin = arith.index_cast %b32 : i32 to index
      %gl = memref.memory_space_cast %local : memref<16xi32, #gpu.address_space<workgroup>> to memref<16xi32>
      func.call @bump(%gl, %bin, %one) : (memref<16xi32>, index, i32) -> ()
      func.call @bump(%hist_direct, %bin, %one) : (memref<16xi32>, index, i32) -> ()
      %kf = arith.sitofp %k : i32 to f32
      func.call @add_total(%total, %kf) : (memref<1xf32>, f32) -> ()
      gpu.barrier
      scf.if %lane {
        %c = memref.load %local[%tid] : memref<16xi32, #gpu.address_space<workgroup>>
        func.call @bump(%hist, %tid, %c) : (memref<16xi32>, index, i32) -> ()
      }
      gpu.return
    }
  }
}
