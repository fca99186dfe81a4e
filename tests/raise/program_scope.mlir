// gas-opt: --pipeline raise --split-input-file
// Generic pointers in program-scope initializers are constant expressions:
// MLIR admits no gas op there and a global's address needs no tag, so the
// casts stay `llvm.addrspacecast`. A function's address cast to generic (a
// block invoke function handed to the runtime) is code, not data: no tag.

llvm.mlir.global external @x(5 : i32) {addr_space = 1 : i32, alignment = 4 : i64} : i32
llvm.mlir.global external @negative_program_scope_pointer_initializer_stays_a_cast() {addr_space = 1 : i32, alignment = 8 : i64} : !llvm.ptr<4> {
  %0 = llvm.mlir.addressof @x : !llvm.ptr<1>
  %1 = llvm.addrspacecast %0 : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.return %1 : !llvm.ptr<4>
}

// -----

llvm.func internal spir_funccc @invoke(%literal: !llvm.ptr<4>) {
  llvm.return
}
llvm.mlir.global internal constant @negative_block_literal_with_invoke_address() {addr_space = 1 : i32, alignment = 8 : i64} : !llvm.struct<(i32, i32, ptr<4>)> {
  %0 = llvm.mlir.addressof @invoke : !llvm.ptr
  %1 = llvm.addrspacecast %0 : !llvm.ptr to !llvm.ptr<4>
  %2 = llvm.mlir.constant(8 : i32) : i32
  %3 = llvm.mlir.constant(16 : i32) : i32
  %4 = llvm.mlir.undef : !llvm.struct<(i32, i32, ptr<4>)>
  %5 = llvm.insertvalue %3, %4[0] : !llvm.struct<(i32, i32, ptr<4>)>
  %6 = llvm.insertvalue %2, %5[1] : !llvm.struct<(i32, i32, ptr<4>)>
  %7 = llvm.insertvalue %1, %6[2] : !llvm.struct<(i32, i32, ptr<4>)>
  llvm.return %7 : !llvm.struct<(i32, i32, ptr<4>)>
}

// -----

llvm.func internal spir_funccc @invoke(%literal: !llvm.ptr<4>) {
  llvm.return
}
llvm.func @__enqueue_kernel_basic(!llvm.ptr<4>, !llvm.ptr<4>) -> i32
llvm.func spir_kernelcc @negative_function_address_in_a_kernel_is_not_tagged(%literal: !llvm.ptr<4>) {
  %0 = llvm.mlir.addressof @invoke : !llvm.ptr
  %1 = llvm.addrspacecast %0 : !llvm.ptr to !llvm.ptr<4>
  %2 = llvm.call @__enqueue_kernel_basic(%1, %literal) : (!llvm.ptr<4>, !llvm.ptr<4>) -> i32
  llvm.return
}

// -----

llvm.mlir.global external @arr(dense<[1, 2, 3, 4]> : tensor<4xi32>) {addr_space = 1 : i32, alignment = 4 : i64} : !llvm.array<4 x i32>
llvm.mlir.global external @gp() {addr_space = 1 : i32, alignment = 8 : i64} : !llvm.ptr<4> {
  %0 = llvm.mlir.zero : !llvm.ptr<4>
  llvm.return %0 : !llvm.ptr<4>
}
// The constant-expression cast inside an instruction (`store ptr addrspace(4)
// addrspacecast (gep @arr) , @gp`) is an op of the function: it is raised.
llvm.func spir_kernelcc @constant_expression_cast_in_a_function_is_raised() {
  %0 = llvm.mlir.constant(12 : i64) : i64
  %1 = llvm.mlir.addressof @arr : !llvm.ptr<1>
  %2 = llvm.getelementptr inbounds %1[%0] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
  %3 = llvm.addrspacecast %2 : !llvm.ptr<1> to !llvm.ptr<4>
  %4 = llvm.mlir.addressof @gp : !llvm.ptr<1>
  llvm.store %3, %4 {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr<1>
  llvm.return
}
