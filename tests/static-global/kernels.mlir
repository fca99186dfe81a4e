// gas-opt: --pipeline raise,static-global --split-input-file --stats
// No local pointer becomes generic in a kernel and what it calls, and no
// private one either (or private memory is in the global buffer): every
// generic access is a global access and to_local is null.

llvm.func @__to_local(!llvm.ptr<4>) -> !llvm.ptr<3>
llvm.func @__to_global(!llvm.ptr<4>) -> !llvm.ptr<1>

llvm.func spir_funccc @add_one(%g: !llvm.ptr<4>) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %w = llvm.add %v, %one : i32
  llvm.store %w, %g {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return
}

llvm.func spir_kernelcc @global_only_kernel(%a: !llvm.ptr<1>, %b: !llvm.ptr<1>, %slot: !llvm.ptr<1>) {
  %ga = llvm.addrspacecast %a : !llvm.ptr<1> to !llvm.ptr<4>
  %gb = llvm.addrspacecast %b : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.call spir_funccc @add_one(%ga) : (!llvm.ptr<4>) -> ()
  // Even a pointer loaded from memory: no generic pointer here is local.
  %loaded = llvm.load %slot {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  llvm.call spir_funccc @add_one(%loaded) : (!llvm.ptr<4>) -> ()
  %l = llvm.call @__to_local(%gb) : (!llvm.ptr<4>) -> !llvm.ptr<3>
  %g = llvm.call @__to_global(%loaded) : (!llvm.ptr<4>) -> !llvm.ptr<1>
  llvm.return
}

// -----

// A local pointer made generic in a callee: anything may be local.
llvm.func spir_funccc @makes_local_generic(%l: !llvm.ptr<3>) -> !llvm.ptr<4> {
  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.return %g : !llvm.ptr<4>
}

llvm.func spir_kernelcc @negative_local_cast_in_a_callee(%p: !llvm.ptr<1>, %l: !llvm.ptr<3>, %slot: !llvm.ptr<1>) {
  %g = llvm.call spir_funccc @makes_local_generic(%l) : (!llvm.ptr<3>) -> !llvm.ptr<4>
  llvm.store %g, %slot {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr<1>
  %loaded = llvm.load %slot {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  %v = llvm.load %loaded {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %v, %p {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

// A private pointer made generic while private memory is not in the global
// buffer (private-branch-elision did not run): it may be private.
llvm.func spir_kernelcc @negative_private_cast_without_private_in_global(%p: !llvm.ptr<1>, %sel: i1) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  %g = llvm.select %sel, %ga, %gp : i1, !llvm.ptr<4>
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %v, %p {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

// Code defined elsewhere could make a local pointer generic and store it.
llvm.func spir_funccc @elsewhere(!llvm.ptr<1>)

llvm.func spir_kernelcc @negative_call_of_a_function_defined_elsewhere(%p: !llvm.ptr<1>, %slot: !llvm.ptr<1>) {
  llvm.call spir_funccc @elsewhere(%slot) : (!llvm.ptr<1>) -> ()
  %loaded = llvm.load %slot {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  %v = llvm.load %loaded {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %v, %p {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

// A helper shared with a kernel that makes a local pointer generic: the
// other kernel gets its own copy (@load_it.gas.global, its access global)
// and the decision; the first keeps the original switch.
llvm.func spir_funccc @load_it(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

llvm.func spir_kernelcc @kernel_sharing_a_helper_gets_its_own_copy(%p: !llvm.ptr<1>) {
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  %v = llvm.call spir_funccc @load_it(%gp) : (!llvm.ptr<4>) -> i32
  llvm.store %v, %p {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

llvm.func spir_kernelcc @negative_kernel_with_a_local_pointer_made_generic(%p: !llvm.ptr<1>, %l: !llvm.ptr<3>) {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %v = llvm.call spir_funccc @load_it(%gl) : (!llvm.ptr<4>) -> i32
  llvm.store %v, %p {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

// The shared helper holds no generic access, but the kernel's own access
// is one the decision resolves: the kernel gets its own copy of the helper
// (@only_arithmetic.gas.global) so that no function it reaches is shared.
llvm.func spir_funccc @only_arithmetic(%x: i32) -> i32 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %y = llvm.add %x, %one : i32
  llvm.return %y : i32
}

llvm.func spir_kernelcc @kernel_with_a_generic_access_sharing_a_plain_helper(%p: !llvm.ptr<1>) {
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  %v = llvm.load %gp {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %w = llvm.call spir_funccc @only_arithmetic(%v) : (i32) -> i32
  llvm.store %w, %p {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

llvm.func spir_kernelcc @negative_kernel_with_a_local_pointer_and_the_helper(%p: !llvm.ptr<1>, %l: !llvm.ptr<3>) {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %v = llvm.load %gl {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %w = llvm.call spir_funccc @only_arithmetic(%v) : (i32) -> i32
  llvm.store %w, %p {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

// Nothing in the kernel's code is one the decision would change (no generic
// pointer at all): no copy of the helper it shares, and no decision.
llvm.func spir_funccc @plain(%x: i32) -> i32 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %y = llvm.add %x, %one : i32
  llvm.return %y : i32
}

llvm.func spir_kernelcc @negative_kernel_with_nothing_to_resolve(%p: !llvm.ptr<1>) {
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<1> -> i32
  %w = llvm.call spir_funccc @plain(%v) : (i32) -> i32
  llvm.store %w, %p {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

llvm.func spir_kernelcc @negative_kernel_with_a_local_pointer_and_the_plain_helper(%p: !llvm.ptr<1>, %l: !llvm.ptr<3>) {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %v = llvm.load %gl {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %w = llvm.call spir_funccc @plain(%v) : (i32) -> i32
  llvm.store %w, %p {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}
