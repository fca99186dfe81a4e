// Checks: one helper, @accumulate(memref<?xf32, strided<[1], offset: ?>>),
// called with three 4-element windows cast to the generic space: a private
// array, a subview of a workgroup tile and a subview of a global kernel
// argument. A resolver should make three clones (private, shared, global).
// launch: three_spaces grid=(1,1,1) block=(64,1,1) args: in:f32[256]:in out:f32[256]:out
// expect: out = in_ + 3
// expect: out[0::4] = 3*in_.reshape(64, 4).sum(axis=1) + 24   # (S+4) + (S+8) + (S+12)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // buf[k] += x for k < n; returns the sum of the new values
    func.func @accumulate(%buf: memref<?xf32, strided<[1], offset: ?>>, %n: index, %x: f32) -> f32 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0.0 : f32
      %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
        %v = memref.load %buf[%k] : memref<?xf32, strided<[1], offset: ?>>
        %v2 = arith.addf %v, %x : f32
        memref.store %v2, %buf[%k] : memref<?xf32, strided<[1], offset: ?>>
        %a = arith.addf %acc, %v2 : f32
        scf.yield %a : f32
      }
      return %r : f32
    }
    gpu.func @three_spaces(%in: memref<256xf32, #gpu.address_space<global>>,
                           %out: memref<256xf32, #gpu.address_space<global>>)
        workgroup(%tile: memref<256xf32, #gpu.address_space<workgroup>>)
        private(%p: memref<4xf32, #gpu.address_space<private>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %f1 = arith.constant 1.0 : f32
      %f2 = arith.constant 2.0 : f32
      %f3 = arith.constant 3.0 : f32
      %tid = gpu.thread_id x
      %base = arith.muli %tid, %c4 : index
      scf.for %k = %c0 to %c4 step %c1 {
        %i = arith.addi %base, %k : index
        %v = memref.load %in[%i] : memref<256xf32, #gpu.address_space<global>>
        memref.store %v, %p[%k] : memref<4xf32, #gpu.address_space<private>>
        memref.store %v, %tile[%i] : memref<256xf32, #gpu.address_space<workgroup>>
        memref.store %v, %out[%i] : memref<256xf32, #gpu.address_space<global>>
      }
      %gp0 = memref.memory_space_cast %p : memref<4xf32, #gpu.address_space<private>> to memref<4xf32>
      %gp = memref.cast %gp0 : memref<4xf32> to memref<?xf32, strided<[1], offset: ?>>
      %ts = memref.subview %tile[%base] [4] [1] : memref<256xf32, #gpu.address_space<workgroup>> to memref<4xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
      %gt0 = memref.memory_space_cast %ts : memref<4xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>> to memref<4xf32, strided<[1], offset: ?>>
      %gt = memref.cast %gt0 : memref<4xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
      %os = memref.subview %out[%base] [4] [1] : memref<256xf32, #gpu.address_space<global>> to memref<4xf32, strided<[1], offset: ?>, #gpu.address_space<global>>
      %go0 = memref.memory_space_cast %os : memref<4xf32, strided<[1], offset: ?>, #gpu.address_space<global>> to memref<4xf32, strided<[1], offset: ?>>
      %go = memref.cast %go0 : memref<4xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
      %a = func.call @accumulate(%gp, %c4, %f1) : (memref<?xf32, strided<[1], offset: ?>>, index, f32) -> f32
      %b = func.call @accumulate(%gt, %c4, %f2) : (memref<?xf32, strided<[1], offset: ?>>, index, f32) -> f32
      %c = func.call @accumulate(%go, %c4, %f3) : (memref<?xf32, strided<[1], offset: ?>>, index, f32) -> f32
      %ab = arith.addf %a, %b : f32
      %abc = arith.addf %ab, %c : f32
      memref.store %abc, %out[%base] : memref<256xf32, #gpu.address_space<global>>
      gpu.return
    }
  }
}
