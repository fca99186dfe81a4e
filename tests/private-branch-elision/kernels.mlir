// gas-opt: --pipeline raise,private-branch-elision --split-input-file --stats --target spir-igc
// Private memory in the global buffer for the kernels that need it: their
// functions are marked gas.private_in_global and their dispatches lose the
// private case (the global case takes private pointers over).

llvm.func spir_funccc @helper(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

llvm.func spir_kernelcc @kernel_with_generic_accesses(%p: !llvm.ptr<1>, %l: !llvm.ptr<3>) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %v = llvm.call spir_funccc @helper(%ga) : (!llvm.ptr<4>) -> i32
  llvm.store %v, %p {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

// Nothing may reach private memory: the kernel is left as it is.
llvm.func spir_kernelcc @negative_kernel_without_generic_accesses(%p: !llvm.ptr<1>) {
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<1> -> i32
  llvm.store %v, %p {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

// to_private remains and tags are not preserved (explicit-cast-tags did not
// run): an untagged private pointer would fail to_private. Left alone.
llvm.func @__to_private(!llvm.ptr<4>) -> !llvm.ptr

llvm.func spir_kernelcc @negative_unresolved_to_private_without_preserved_tags(%p: !llvm.ptr<1>, %sel: i1) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  %g = llvm.select %sel, %ga, %gp : i1, !llvm.ptr<4>
  %t = llvm.call @__to_private(%g) : (!llvm.ptr<4>) -> !llvm.ptr
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %v, %t {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}

// -----

// A function defined elsewhere could test to_private on an untagged pointer.
llvm.func spir_funccc @elsewhere(!llvm.ptr<4>)

llvm.func spir_kernelcc @negative_kernel_calling_a_function_defined_elsewhere(%p: !llvm.ptr<1>) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  llvm.call spir_funccc @elsewhere(%ga) : (!llvm.ptr<4>) -> ()
  %v = llvm.load %ga {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %v, %p {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

// A helper shared with a kernel that cannot take the decision (an indirect
// call): the kernel that can gets its own copy of the helper
// (@shared.gas.private_in_global, its private case dropped) and takes it;
// the other keeps the original, unchanged, which would otherwise see both
// tagged and untagged private pointers.
llvm.func spir_funccc @shared(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

llvm.func spir_kernelcc @kernel_sharing_a_helper_gets_its_own_copy(%p: !llvm.ptr<1>, %c: i1) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  %either = llvm.select %c, %ga, %gp : i1, !llvm.ptr<4>
  %v = llvm.call spir_funccc @shared(%either) : (!llvm.ptr<4>) -> i32
  llvm.store %v, %p {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

llvm.func spir_kernelcc @negative_kernel_with_an_indirect_call(%p: !llvm.ptr<1>, %f: !llvm.ptr) {
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  %v = llvm.call spir_funccc @shared(%gp) : (!llvm.ptr<4>) -> i32
  llvm.call %f() : !llvm.ptr, () -> ()
  llvm.return
}

// -----

// The shared helper's address is taken (an indirect call could reach it), so
// it cannot be copied: neither kernel takes the decision.
llvm.func spir_funccc @shared_by_address(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

llvm.func spir_kernelcc @negative_kernel_sharing_a_helper_whose_address_is_taken(%p: !llvm.ptr<1>, %c: i1) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  %either = llvm.select %c, %ga, %gp : i1, !llvm.ptr<4>
  %v = llvm.call spir_funccc @shared_by_address(%either) : (!llvm.ptr<4>) -> i32
  llvm.store %v, %p {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

llvm.func spir_kernelcc @negative_kernel_with_an_indirect_call_and_the_address(%p: !llvm.ptr<1>, %fs: !llvm.ptr<1>, %f: !llvm.ptr) {
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  %a = llvm.mlir.addressof @shared_by_address : !llvm.ptr
  llvm.store %a, %fs {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr<1>
  %v = llvm.call spir_funccc @shared_by_address(%gp) : (!llvm.ptr<4>) -> i32
  llvm.call %f() : !llvm.ptr, () -> ()
  llvm.return
}

// -----

// The only access that may reach private memory is already known to be
// private (and one known to be global or local is no decision either):
// placing private memory in the global buffer would remove no run-time
// decision, so the kernel is not marked.
llvm.func spir_kernelcc @negative_kernel_whose_private_access_is_no_decision(%p: !llvm.ptr<1>, %l: !llvm.ptr<3>) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %ga = "gas.tag"(%a) : (!llvm.ptr) -> !llvm.ptr<4>
  %v = "gas.dispatch"(%ga) {access = "llvm.load", access_attrs = {alignment = 4 : i64, ordering = 0 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 0>]} : (!llvm.ptr<4>) -> i32
  %gl = "gas.tag"(%l) : (!llvm.ptr<3>) -> !llvm.ptr<4>
  %w = "gas.dispatch"(%gl) {access = "llvm.load", access_attrs = {alignment = 4 : i64, ordering = 0 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 3, 1>]} : (!llvm.ptr<4>) -> i32
  %s = llvm.add %v, %w : i32
  llvm.store %s, %p {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

// No pointer becomes generic from a named space: static-global makes every
// access global without any backend contract, so this kernel is not marked.
llvm.func spir_kernelcc @negative_kernel_static_global_resolves(%table: !llvm.ptr<1>, %out: !llvm.ptr<1>) {
  %p = llvm.load %table {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %v, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

// A local pointer is made generic and the only access may be private, local
// or global: dropping private leaves a decision between local and global,
// so the contract would remove no decision and the kernel is not marked.
llvm.func spir_kernelcc @negative_kernel_three_way_decision_stays(%table: !llvm.ptr<1>, %l: !llvm.ptr<3>, %c: i1, %out: !llvm.ptr<1>) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %g = llvm.load %table {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  %pl = llvm.select %c, %ga, %gl : i1, !llvm.ptr<4>
  %either = llvm.select %c, %pl, %g : i1, !llvm.ptr<4>
  %v = llvm.load %either {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %v, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}
