// gas-opt: --pipeline raise,builtin-calls --split-input-file --stats --builtins named --named-atomics
// An atomic on an object in private memory is undefined (OpenCL C 2.0
// s6.13.11), so an atomic's object pointer is never taken to be private: a
// dispatch tests local and calls global otherwise, and an object that may be
// local or private calls the local overload. Its other pointers (`expected`)
// may be private.

llvm.func spir_funccc @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(!llvm.ptr<4>, i32, i32, i32) -> i32
llvm.func spir_funccc @atomic_dispatch_tests_local_and_global_only(%q: !llvm.ptr<4>) -> i32 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %r = llvm.call spir_funccc @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(%q, %c1, %c1, %c1) : (!llvm.ptr<4>, i32, i32, i32) -> i32
  llvm.return %r : i32
}

// -----

llvm.func spir_funccc @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(!llvm.ptr<4>, i32, i32, i32) -> i32
llvm.func spir_kernelcc @atomic_on_local_or_private_calls_the_local_overload(%l: !llvm.ptr<3>, %c: i1) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gp = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %q = llvm.select %c, %gl, %gp : i1, !llvm.ptr<4>
  %r = llvm.call spir_funccc @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(%q, %c1, %c1, %c1) : (!llvm.ptr<4>, i32, i32, i32) -> i32
  llvm.return
}

// -----

llvm.func spir_funccc @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(!llvm.ptr<4>, i32, i32, i32) -> i32
llvm.func spir_kernelcc @negative_atomic_on_private_only_stays_generic() {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  %gp = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %r = llvm.call spir_funccc @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(%gp, %c1, %c1, %c1) : (!llvm.ptr<4>, i32, i32, i32) -> i32
  llvm.return
}

// -----

llvm.func spir_funccc @_Z39atomic_compare_exchange_strong_explicitPU3AS4VU7_AtomiciPU3AS4ii12memory_orderS4_12memory_scope(!llvm.ptr<4>, !llvm.ptr<4>, i32, i32, i32, i32) -> i1
llvm.func spir_kernelcc @compare_exchange_expected_may_be_private(%g: !llvm.ptr<1>, %l: !llvm.ptr<3>, %c: i1) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gp = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %object = llvm.select %c, %gg, %gl : i1, !llvm.ptr<4>
  %ok = llvm.call spir_funccc @_Z39atomic_compare_exchange_strong_explicitPU3AS4VU7_AtomiciPU3AS4ii12memory_orderS4_12memory_scope(%object, %gp, %c1, %c1, %c1, %c1) : (!llvm.ptr<4>, !llvm.ptr<4>, i32, i32, i32, i32) -> i1
  llvm.return
}
