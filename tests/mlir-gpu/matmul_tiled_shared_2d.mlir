// Checks: 2-D generic memrefs. Two 16x16 workgroup tiles (memref<16x16xf32>)
// are cast to the generic space and read by @dot_row_col in an scf.for over
// k, with two-dimensional indexing (descriptors with two sizes and strides).
// A resolver should prove both operands of @dot_row_col shared.
// launch: matmul16 grid=(1,1,1) block=(16,16,1) args: a:f32[256]:in b:f32[256]:in c:f32[256]:out
// expect: c = (a.reshape(16, 16) @ b.reshape(16, 16)).reshape(256)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @dot_row_col(%a: memref<16x16xf32>, %b: memref<16x16xf32>, %r: index, %c: index) -> f32 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0.0 : f32
      %s = scf.for %k = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (f32) {
        %x = memref.load %a[%r, %k] : memref<16x16xf32>
        %y = memref.load %b[%k, %c] : memref<16x16xf32>
        %p = arith.mulf %x, %y : f32
        %n = arith.addf %acc, %p : f32
        scf.yield %n : f32
      }
      return %s : f32
    }
    // c = a * b, 16x16 row-major (c[16 r + col] = sum_k a[16 r + k] b[16 k + col])
    gpu.func @matmul16(%a: memref<256xf32>, %b: memref<256xf32>, %c: memref<256xf32>)
        workgroup(%ta: memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %tb: memref<16x16xf32, #gpu.address_space<workgroup>>) kernel {
      %c16 = arith.constant 16 : index
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %row = arith.muli %ty, %c16 : index
      %idx = arith.addi %row, %tx : index
      %av = memref.load %a[%idx] : memref<256xf32>
      %bv = memref.load %b[%idx] : memref<256xf32>
      memref.store %av, %ta[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      memref.store %bv, %tb[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %ga = memref.memory_space_cast %ta : memref<16x16xf32, #gpu.address_space<workgroup>> to memref<16x16xf32>
      %gb = memref.memory_space_cast %tb : memref<16x16xf32, #gpu.address_space<workgroup>> to memref<16x16xf32>
      %r = func.call @dot_row_col(%ga, %gb, %ty, %tx) : (memref<16x16xf32>, memref<16x16xf32>, index, index) -> f32
      memref.store %r, %c[%idx] : memref<256xf32>
      gpu.return
    }
  }
}
