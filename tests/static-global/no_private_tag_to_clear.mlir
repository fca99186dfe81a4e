// gas-opt: --pipeline raise,explicit-cast-tags,propagate,private-branch-elision,static-global,lower --split-input-file --target spir-igc
// Tags are preserved (to_global is used), but no private pointer becomes
// generic anywhere in the kernel's reach: no generic pointer can carry a
// private tag, so the global accesses, the to_global and the untag at a
// helper's call clear none (no shl/ashr in the output). static-global needs
// no contract for this, so private memory is not put in the global buffer.

llvm.func @__to_global(!llvm.ptr<4>) -> !llvm.ptr<1>

llvm.func spir_funccc @read(%p: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %q = llvm.getelementptr inbounds %p[1] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i32
  %w = llvm.load %q {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %s = llvm.add %v, %w : i32
  llvm.return %s : i32
}

llvm.func spir_kernelcc @kernel_reading_pointers_from_memory(%table: !llvm.ptr<1>, %out: !llvm.ptr<1>) {
  %p = llvm.load %table {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %r = llvm.call spir_funccc @read(%p) : (!llvm.ptr<4>) -> i32
  %g = llvm.call @__to_global(%p) : (!llvm.ptr<4>) -> !llvm.ptr<1>
  %s = llvm.add %v, %r : i32
  llvm.store %s, %g {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

// A private pointer becomes generic in the kernel: a generic pointer may
// carry the private tag, so the global accesses clear it.
llvm.func @__to_global(!llvm.ptr<4>) -> !llvm.ptr<1>

llvm.func spir_kernelcc @negative_kernel_making_a_private_pointer_generic(%table: !llvm.ptr<1>, %out: !llvm.ptr<1>, %c: i1) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %p = llvm.load %table {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  %either = llvm.select %c, %ga, %p : i1, !llvm.ptr<4>
  %v = llvm.load %either {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %g = llvm.call @__to_global(%p) : (!llvm.ptr<4>) -> !llvm.ptr<1>
  llvm.store %v, %g {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}
