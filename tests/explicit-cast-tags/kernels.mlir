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

// -----

// A kernel without casts shares a helper with one that has them: the helper
// tags private pointers and may return one, so the second kernel and all it
// calls preserve tags too (its accesses must clear the tag). A kernel sharing
// nothing with them stays unmarked.
llvm.func @__to_private(!llvm.ptr<4>) -> !llvm.ptr

llvm.func spir_funccc @pick(%p: !llvm.ptr, %g: !llvm.ptr<1>, %c: i1) -> !llvm.ptr<4> {
  %gp = llvm.addrspacecast %p : !llvm.ptr to !llvm.ptr<4>
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %r = llvm.select %c, %gp, %gg : i1, !llvm.ptr<4>
  llvm.return %r : !llvm.ptr<4>
}

llvm.func spir_funccc @only_in_the_second_kernel(%q: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %q {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

llvm.func spir_kernelcc @kernel_with_a_cast(%out: !llvm.ptr<1>, %c: i1) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %p = llvm.call spir_funccc @pick(%a, %out, %c) : (!llvm.ptr, !llvm.ptr<1>, i1) -> !llvm.ptr<4>
  %t = llvm.call @__to_private(%p) : (!llvm.ptr<4>) -> !llvm.ptr
  llvm.return
}

llvm.func spir_kernelcc @kernel_sharing_the_helper(%out: !llvm.ptr<1>, %c: i1) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %p = llvm.call spir_funccc @pick(%a, %out, %c) : (!llvm.ptr, !llvm.ptr<1>, i1) -> !llvm.ptr<4>
  %v = llvm.call spir_funccc @only_in_the_second_kernel(%p) : (!llvm.ptr<4>) -> i32
  llvm.store %v, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

llvm.func spir_kernelcc @negative_kernel_sharing_nothing(%out: !llvm.ptr<1>) {
  %g = llvm.addrspacecast %out : !llvm.ptr<1> to !llvm.ptr<4>
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %v, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}
