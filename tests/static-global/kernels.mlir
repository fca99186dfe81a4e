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
