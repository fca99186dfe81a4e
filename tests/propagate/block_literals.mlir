// gas-opt: --pipeline raise,propagate --split-input-file
// Device-side enqueue: a block literal is a private alloca with the invoke
// function's address at offset 8 and the captures after it; the runtime
// copies it and calls the invoke kernel with the copy. A pointer the invoke
// loads from its literal at offset o is one of those stored at offset o into
// the module's literals. The literal pointer itself stays unknown.

llvm.func internal spir_funccc @__k_block_invoke(%literal: !llvm.ptr<4>) {
  %c16 = llvm.mlir.constant(16 : i64) : i64
  %0 = llvm.getelementptr inbounds %literal[%c16] : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>, i8
  %1 = llvm.load %0 {alignment = 8 : i64} : !llvm.ptr<4> -> !llvm.ptr<4>
  %2 = llvm.load %1 {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %3 = llvm.add %2, %2 : i32
  llvm.store %3, %1 {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return
}
llvm.func spir_kernelcc @__k_block_invoke_kernel(%literal: !llvm.ptr<4>) {
  llvm.call spir_funccc @__k_block_invoke(%literal) : (!llvm.ptr<4>) -> ()
  llvm.return
}
llvm.func @__enqueue_kernel_basic(i32, !llvm.ptr<4>, !llvm.ptr<4>) -> i32
llvm.func spir_kernelcc @captured_global_pointer_is_read_back_as_global(%a: !llvm.ptr<1>) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %c16 = llvm.mlir.constant(16 : i64) : i64
  %block = llvm.alloca %c1 x !llvm.struct<packed (i32, i32, ptr<4>, ptr<4>)> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %invoke = llvm.mlir.addressof @__k_block_invoke : !llvm.ptr
  %invoke4 = llvm.addrspacecast %invoke : !llvm.ptr to !llvm.ptr<4>
  %field8 = llvm.getelementptr inbounds %block[%c8] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  llvm.store %invoke4, %field8 {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %a4 = llvm.addrspacecast %a : !llvm.ptr<1> to !llvm.ptr<4>
  %field16 = llvm.getelementptr inbounds %block[%c16] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  llvm.store %a4, %field16 {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %kernel = llvm.mlir.addressof @__k_block_invoke_kernel : !llvm.ptr
  %kernel4 = llvm.addrspacecast %kernel : !llvm.ptr to !llvm.ptr<4>
  %literal = llvm.addrspacecast %block : !llvm.ptr to !llvm.ptr<4>
  %r = llvm.call @__enqueue_kernel_basic(%c1, %kernel4, %literal) : (i32, !llvm.ptr<4>, !llvm.ptr<4>) -> i32
  llvm.return
}

// -----

llvm.func internal spir_funccc @__k_block_invoke(%literal: !llvm.ptr<4>) {
  %c16 = llvm.mlir.constant(16 : i64) : i64
  %0 = llvm.getelementptr inbounds %literal[%c16] : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>, i8
  %1 = llvm.load %0 {alignment = 8 : i64} : !llvm.ptr<4> -> !llvm.ptr<4>
  %2 = llvm.load %1 {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %2, %1 {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return
}
llvm.func spir_kernelcc @__k_block_invoke_kernel(%literal: !llvm.ptr<4>) {
  llvm.call spir_funccc @__k_block_invoke(%literal) : (!llvm.ptr<4>) -> ()
  llvm.return
}
llvm.func @__enqueue_kernel_basic(i32, !llvm.ptr<4>, !llvm.ptr<4>) -> i32
llvm.func @unknown(!llvm.ptr)
// The literal reaches code gas cannot see, which may rewrite its captures:
// nothing read from any literal is known.
llvm.func spir_kernelcc @negative_escaped_literal_stays_dynamic(%a: !llvm.ptr<1>) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %c16 = llvm.mlir.constant(16 : i64) : i64
  %block = llvm.alloca %c1 x !llvm.struct<packed (i32, i32, ptr<4>, ptr<4>)> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %invoke = llvm.mlir.addressof @__k_block_invoke : !llvm.ptr
  %invoke4 = llvm.addrspacecast %invoke : !llvm.ptr to !llvm.ptr<4>
  %field8 = llvm.getelementptr inbounds %block[%c8] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  llvm.store %invoke4, %field8 {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %a4 = llvm.addrspacecast %a : !llvm.ptr<1> to !llvm.ptr<4>
  %field16 = llvm.getelementptr inbounds %block[%c16] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  llvm.store %a4, %field16 {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  llvm.call @unknown(%block) : (!llvm.ptr) -> ()
  %kernel = llvm.mlir.addressof @__k_block_invoke_kernel : !llvm.ptr
  %kernel4 = llvm.addrspacecast %kernel : !llvm.ptr to !llvm.ptr<4>
  %literal = llvm.addrspacecast %block : !llvm.ptr to !llvm.ptr<4>
  %r = llvm.call @__enqueue_kernel_basic(%c1, %kernel4, %literal) : (i32, !llvm.ptr<4>, !llvm.ptr<4>) -> i32
  llvm.return
}

// -----

// Two blocks capture at offset 16, one a global and one a local pointer:
// the offset's union is read back (the pool is per offset, not per block).
llvm.func spir_kernelcc @__k_block_invoke_kernel(%literal: !llvm.ptr<4>) {
  %c16 = llvm.mlir.constant(16 : i64) : i64
  %0 = llvm.getelementptr inbounds %literal[%c16] : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>, i8
  %1 = llvm.load %0 {alignment = 8 : i64} : !llvm.ptr<4> -> !llvm.ptr<4>
  %2 = llvm.load %1 {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %2, %1 {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return
}
llvm.func @__enqueue_kernel_basic(i32, !llvm.ptr<4>, !llvm.ptr<4>) -> i32
llvm.func spir_kernelcc @two_literals_union_per_offset(%a: !llvm.ptr<1>, %l: !llvm.ptr<3>) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c16 = llvm.mlir.constant(16 : i64) : i64
  %kernel = llvm.mlir.addressof @__k_block_invoke_kernel : !llvm.ptr
  %kernel4 = llvm.addrspacecast %kernel : !llvm.ptr to !llvm.ptr<4>
  %first = llvm.alloca %c1 x !llvm.struct<packed (i32, i32, ptr<4>, ptr<4>)> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %a4 = llvm.addrspacecast %a : !llvm.ptr<1> to !llvm.ptr<4>
  %f16 = llvm.getelementptr inbounds %first[%c16] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  llvm.store %a4, %f16 {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %first4 = llvm.addrspacecast %first : !llvm.ptr to !llvm.ptr<4>
  %r1 = llvm.call @__enqueue_kernel_basic(%c1, %kernel4, %first4) : (i32, !llvm.ptr<4>, !llvm.ptr<4>) -> i32
  %second = llvm.alloca %c1 x !llvm.struct<packed (i32, i32, ptr<4>, ptr<4>)> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %l4 = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %s16 = llvm.getelementptr inbounds %second[%c16] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  llvm.store %l4, %s16 {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %second4 = llvm.addrspacecast %second : !llvm.ptr to !llvm.ptr<4>
  %r2 = llvm.call @__enqueue_kernel_basic(%c1, %kernel4, %second4) : (i32, !llvm.ptr<4>, !llvm.ptr<4>) -> i32
  llvm.return
}
