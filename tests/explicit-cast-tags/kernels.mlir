// gas-opt: --pipeline raise,explicit-cast-tags --split-input-file --stats
// Kernels whose code (or whose callees' code) keeps to_* casts get every
// reached function marked gas.tags_preserved; functions they share with
// kernels without casts are copied for them; the ops are not changed.

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

// A kernel without casts shares helpers with one that has them: a shared
// helper tags private pointers where tags are preserved and may return one,
// so the kernel with casts gets its own copies of the shared helpers
// (@pick.gas.tags calling @identity.gas.tags, marked), and the other kernel
// keeps the originals, unmarked. A kernel sharing nothing with them stays
// unmarked.
llvm.func @__to_private(!llvm.ptr<4>) -> !llvm.ptr

llvm.func spir_funccc @identity(%q: !llvm.ptr<4>) -> !llvm.ptr<4> {
  llvm.return %q : !llvm.ptr<4>
}

llvm.func spir_funccc @pick(%p: !llvm.ptr, %g: !llvm.ptr<1>, %c: i1) -> !llvm.ptr<4> {
  %gp = llvm.addrspacecast %p : !llvm.ptr to !llvm.ptr<4>
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %r = llvm.select %c, %gp, %gg : i1, !llvm.ptr<4>
  %s = llvm.call spir_funccc @identity(%r) : (!llvm.ptr<4>) -> !llvm.ptr<4>
  llvm.return %s : !llvm.ptr<4>
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

// -----

// The shared helper's address is taken, so it cannot be copied (an indirect
// call could reach the original): the kernel sharing it preserves tags too,
// with all it calls (its accesses must clear the tag).
llvm.func @__to_private(!llvm.ptr<4>) -> !llvm.ptr

llvm.func spir_funccc @pick_by_address(%p: !llvm.ptr, %g: !llvm.ptr<1>, %c: i1) -> !llvm.ptr<4> {
  %gp = llvm.addrspacecast %p : !llvm.ptr to !llvm.ptr<4>
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %r = llvm.select %c, %gp, %gg : i1, !llvm.ptr<4>
  llvm.return %r : !llvm.ptr<4>
}

llvm.func spir_funccc @only_in_the_sharing_kernel(%q: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %q {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

llvm.func spir_kernelcc @kernel_with_a_cast_and_a_helper_by_address(%out: !llvm.ptr<1>, %c: i1) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %p = llvm.call spir_funccc @pick_by_address(%a, %out, %c) : (!llvm.ptr, !llvm.ptr<1>, i1) -> !llvm.ptr<4>
  %t = llvm.call @__to_private(%p) : (!llvm.ptr<4>) -> !llvm.ptr
  llvm.return
}

llvm.func spir_kernelcc @kernel_sharing_a_helper_by_address(%out: !llvm.ptr<1>, %fs: !llvm.ptr<1>, %c: i1) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %f = llvm.mlir.addressof @pick_by_address : !llvm.ptr
  llvm.store %f, %fs {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr<1>
  %p = llvm.call spir_funccc @pick_by_address(%a, %out, %c) : (!llvm.ptr, !llvm.ptr<1>, i1) -> !llvm.ptr<4>
  %v = llvm.call spir_funccc @only_in_the_sharing_kernel(%p) : (!llvm.ptr<4>) -> i32
  llvm.store %v, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}
