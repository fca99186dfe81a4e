// gas-opt: --pipeline raise,explicit-cast-tags --split-input-file --stats
// Kernels whose code (or whose callees' code) keeps to_* casts get every
// reached function marked gas.tags_preserved; the ops are not changed.

llvm.func @__to_global(!llvm.ptr<4>) -> !llvm.ptr<1>

llvm.func spir_funccc @is_global(%g: !llvm.ptr<4>) -> i1 {
  %t = llvm.call @__to_global(%g) : (!llvm.ptr<4>) -> !llvm.ptr<1>
  %null = llvm.mlir.zero : !llvm.ptr<1>
  %b = llvm.icmp "ne" %t, %null : !llvm.ptr<1>
  llvm.return %b : i1
}

llvm.func spir_funccc @leaf(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

llvm.func spir_kernelcc @kernel_with_a_cast_in_a_callee(%p: !llvm.ptr<1>) {
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  %b = llvm.call spir_funccc @is_global(%gp) : (!llvm.ptr<4>) -> i1
  %v = llvm.call spir_funccc @leaf(%gp) : (!llvm.ptr<4>) -> i32
  llvm.return
}

// -----

llvm.func spir_kernelcc @negative_kernel_without_explicit_casts(%p: !llvm.ptr<1>) {
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  %v = llvm.load %gp {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %v, %p {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}
