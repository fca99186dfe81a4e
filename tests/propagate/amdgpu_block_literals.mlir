// gas-opt: --pipeline raise,propagate --split-input-file --target amdgpu
// AMDGPU's device-side enqueue: the enqueuing kernel fills its private
// literal through a flat cast and hands the runtime a handle; the runtime
// launches an internal invoke kernel with a copy of the literal as a packed
// struct argument, which rebuilds it in a private alloca and calls the
// invoke function. Field j stored back at its own offset adds nothing to
// the pool, so the capture at offset 16 is read back as global. The
// kernels are listed in `llvm.used`, which does not count as a use.

llvm.mlir.global appending @llvm.used() {addr_space = 1 : i32, section = "llvm.metadata"} : !llvm.array<1 x ptr> {
  %0 = llvm.mlir.addressof @__k_block_invoke_kernel : !llvm.ptr
  %1 = llvm.mlir.undef : !llvm.array<1 x ptr>
  %2 = llvm.insertvalue %0, %1[0] : !llvm.array<1 x ptr>
  llvm.return %2 : !llvm.array<1 x ptr>
}
llvm.func internal @__k_block_invoke(%literal: !llvm.ptr) attributes {no_inline} {
  %c16 = llvm.mlir.constant(16 : i64) : i64
  %0 = llvm.getelementptr inbounds %literal[%c16] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  %1 = llvm.load %0 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %2 = llvm.load %1 {alignment = 4 : i64} : !llvm.ptr -> i32
  %3 = llvm.add %2, %2 : i32
  llvm.store %3, %1 {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}
llvm.func internal amdgpu_kernelcc @__k_block_invoke_kernel(%copy: !llvm.struct<packed (i32, i32, ptr, ptr)>) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c8 = llvm.mlir.constant(8 : i32) : i32
  %c16 = llvm.mlir.constant(16 : i32) : i32
  %block = llvm.alloca %c1 x !llvm.struct<packed (i32, i32, ptr, ptr)> {alignment = 8 : i64} : (i32) -> !llvm.ptr<5>
  %invoke = llvm.extractvalue %copy[2] : !llvm.struct<packed (i32, i32, ptr, ptr)>
  %field8 = llvm.getelementptr inbounds %block[%c8] : (!llvm.ptr<5>, i32) -> !llvm.ptr<5>, i8
  llvm.store %invoke, %field8 {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr<5>
  %capture = llvm.extractvalue %copy[3] : !llvm.struct<packed (i32, i32, ptr, ptr)>
  %field16 = llvm.getelementptr inbounds %block[%c16] : (!llvm.ptr<5>, i32) -> !llvm.ptr<5>, i8
  llvm.store %capture, %field16 {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr<5>
  %flat = llvm.addrspacecast %block : !llvm.ptr<5> to !llvm.ptr
  llvm.call @__k_block_invoke(%flat) : (!llvm.ptr) -> ()
  llvm.return
}
llvm.func @__enqueue_kernel_basic(!llvm.ptr<1>, i32, !llvm.ptr, !llvm.ptr) -> i32
llvm.func amdgpu_kernelcc @invoke_kernel_copy_reads_capture_as_global(%queue: !llvm.ptr<1>, %handle: !llvm.ptr, %a: !llvm.ptr<1>) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %c16 = llvm.mlir.constant(16 : i64) : i64
  %block = llvm.alloca %c1 x !llvm.struct<packed (i32, i32, ptr, ptr)> {alignment = 8 : i64} : (i32) -> !llvm.ptr<5>
  %literal = llvm.addrspacecast %block : !llvm.ptr<5> to !llvm.ptr
  %invoke = llvm.mlir.addressof @__k_block_invoke : !llvm.ptr
  %field8 = llvm.getelementptr inbounds %literal[%c8] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  llvm.store %invoke, %field8 {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %a0 = llvm.addrspacecast %a : !llvm.ptr<1> to !llvm.ptr
  %field16 = llvm.getelementptr inbounds %literal[%c16] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  llvm.store %a0, %field16 {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %r = llvm.call @__enqueue_kernel_basic(%queue, %c1, %handle, %literal) : (!llvm.ptr<1>, i32, !llvm.ptr, !llvm.ptr) -> i32
  llvm.return
}

// -----

// The invoke kernel is exported: the host may launch it with any bytes, so
// what it stores into its alloca is unknown and the capture stays flat.
llvm.func internal @__k_block_invoke(%literal: !llvm.ptr) attributes {no_inline} {
  %c16 = llvm.mlir.constant(16 : i64) : i64
  %0 = llvm.getelementptr inbounds %literal[%c16] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  %1 = llvm.load %0 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %2 = llvm.load %1 {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.store %2, %1 {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}
llvm.func amdgpu_kernelcc @negative_exported_invoke_kernel(%copy: !llvm.struct<packed (i32, i32, ptr, ptr)>) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c16 = llvm.mlir.constant(16 : i32) : i32
  %block = llvm.alloca %c1 x !llvm.struct<packed (i32, i32, ptr, ptr)> {alignment = 8 : i64} : (i32) -> !llvm.ptr<5>
  %capture = llvm.extractvalue %copy[3] : !llvm.struct<packed (i32, i32, ptr, ptr)>
  %field16 = llvm.getelementptr inbounds %block[%c16] : (!llvm.ptr<5>, i32) -> !llvm.ptr<5>, i8
  llvm.store %capture, %field16 {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr<5>
  %flat = llvm.addrspacecast %block : !llvm.ptr<5> to !llvm.ptr
  llvm.call @__k_block_invoke(%flat) : (!llvm.ptr) -> ()
  llvm.return
}
llvm.func @__enqueue_kernel_basic(!llvm.ptr<1>, i32, !llvm.ptr, !llvm.ptr) -> i32
llvm.func amdgpu_kernelcc @enqueuer(%queue: !llvm.ptr<1>, %handle: !llvm.ptr, %a: !llvm.ptr<1>) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %c16 = llvm.mlir.constant(16 : i64) : i64
  %block = llvm.alloca %c1 x !llvm.struct<packed (i32, i32, ptr, ptr)> {alignment = 8 : i64} : (i32) -> !llvm.ptr<5>
  %invoke = llvm.mlir.addressof @__k_block_invoke : !llvm.ptr
  %field8 = llvm.getelementptr inbounds %block[%c8] : (!llvm.ptr<5>, i64) -> !llvm.ptr<5>, i8
  llvm.store %invoke, %field8 {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr<5>
  %a0 = llvm.addrspacecast %a : !llvm.ptr<1> to !llvm.ptr
  %field16 = llvm.getelementptr inbounds %block[%c16] : (!llvm.ptr<5>, i64) -> !llvm.ptr<5>, i8
  llvm.store %a0, %field16 {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr<5>
  %literal = llvm.addrspacecast %block : !llvm.ptr<5> to !llvm.ptr
  %r = llvm.call @__enqueue_kernel_basic(%queue, %c1, %handle, %literal) : (!llvm.ptr<1>, i32, !llvm.ptr, !llvm.ptr) -> i32
  llvm.return
}

// -----

// Field 3 of the copy stored at offset 24, not its own 16: not a copy of
// the literal, so offset 24 holds an unknown pointer and stays flat.
llvm.func internal @__k_block_invoke(%literal: !llvm.ptr) attributes {no_inline} {
  %c24 = llvm.mlir.constant(24 : i64) : i64
  %0 = llvm.getelementptr inbounds %literal[%c24] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  %1 = llvm.load %0 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %2 = llvm.load %1 {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.store %2, %1 {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}
llvm.func internal amdgpu_kernelcc @negative_field_at_another_offset(%copy: !llvm.struct<packed (i32, i32, ptr, ptr, ptr)>) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c24 = llvm.mlir.constant(24 : i32) : i32
  %block = llvm.alloca %c1 x !llvm.struct<packed (i32, i32, ptr, ptr, ptr)> {alignment = 8 : i64} : (i32) -> !llvm.ptr<5>
  %capture = llvm.extractvalue %copy[3] : !llvm.struct<packed (i32, i32, ptr, ptr, ptr)>
  %field24 = llvm.getelementptr inbounds %block[%c24] : (!llvm.ptr<5>, i32) -> !llvm.ptr<5>, i8
  llvm.store %capture, %field24 {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr<5>
  %flat = llvm.addrspacecast %block : !llvm.ptr<5> to !llvm.ptr
  llvm.call @__k_block_invoke(%flat) : (!llvm.ptr) -> ()
  llvm.return
}
llvm.func @__enqueue_kernel_basic(!llvm.ptr<1>, i32, !llvm.ptr, !llvm.ptr) -> i32
llvm.func amdgpu_kernelcc @enqueuer(%queue: !llvm.ptr<1>, %handle: !llvm.ptr, %a: !llvm.ptr<1>) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %c16 = llvm.mlir.constant(16 : i64) : i64
  %c24 = llvm.mlir.constant(24 : i64) : i64
  %block = llvm.alloca %c1 x !llvm.struct<packed (i32, i32, ptr, ptr, ptr)> {alignment = 8 : i64} : (i32) -> !llvm.ptr<5>
  %invoke = llvm.mlir.addressof @__k_block_invoke : !llvm.ptr
  %field8 = llvm.getelementptr inbounds %block[%c8] : (!llvm.ptr<5>, i64) -> !llvm.ptr<5>, i8
  llvm.store %invoke, %field8 {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr<5>
  %a0 = llvm.addrspacecast %a : !llvm.ptr<1> to !llvm.ptr
  %field16 = llvm.getelementptr inbounds %block[%c16] : (!llvm.ptr<5>, i64) -> !llvm.ptr<5>, i8
  llvm.store %a0, %field16 {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr<5>
  %field24 = llvm.getelementptr inbounds %block[%c24] : (!llvm.ptr<5>, i64) -> !llvm.ptr<5>, i8
  llvm.store %a0, %field24 {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr<5>
  %literal = llvm.addrspacecast %block : !llvm.ptr<5> to !llvm.ptr
  %r = llvm.call @__enqueue_kernel_basic(%queue, %c1, %handle, %literal) : (!llvm.ptr<1>, i32, !llvm.ptr, !llvm.ptr) -> i32
  llvm.return
}
