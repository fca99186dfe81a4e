// gas-opt: --pipeline raise,builtin-calls --split-input-file --stats
// get_fence(p) is CLK_LOCAL_MEM_FENCE (1) for local, CLK_GLOBAL_MEM_FENCE
// (2) for global and 0 for private: a constant where the space is known;
// otherwise computed from the pointer by `gas.to_named` tests (the last
// candidate space is the default), never a call.

llvm.func spir_funccc @_Z9get_fencePU3AS4v(!llvm.ptr<4>) -> i32
llvm.func spir_kernelcc @get_fence_of_each_space_is_a_constant(%g: !llvm.ptr<1>, %l: !llvm.ptr<3>, %out: !llvm.ptr<1>) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %c1 x i32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gp = llvm.addrspacecast %p : !llvm.ptr to !llvm.ptr<4>
  %a = llvm.call spir_funccc @_Z9get_fencePU3AS4v(%gg) : (!llvm.ptr<4>) -> i32
  %b = llvm.call spir_funccc @_Z9get_fencePU3AS4v(%gl) : (!llvm.ptr<4>) -> i32
  %c = llvm.call spir_funccc @_Z9get_fencePU3AS4v(%gp) : (!llvm.ptr<4>) -> i32
  %ab = llvm.add %a, %b : i32
  %abc = llvm.add %ab, %c : i32
  llvm.store %abc, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.func spir_funccc @_Z9get_fencePU3AS4Kv(!llvm.ptr<4>) -> i32
llvm.func spir_funccc @get_fence_of_an_unknown_pointer_tests_local_then_private(%q: !llvm.ptr<4>) -> i32 {
  %f = llvm.call spir_funccc @_Z9get_fencePU3AS4Kv(%q) : (!llvm.ptr<4>) -> i32
  llvm.return %f : i32
}

// -----

llvm.func spir_funccc @_Z9get_fencePU3AS4v(!llvm.ptr<4>) -> i32
llvm.func spir_kernelcc @get_fence_of_local_or_global_needs_one_test(%g: !llvm.ptr<1>, %l: !llvm.ptr<3>, %c: i1, %out: !llvm.ptr<1>) {
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %q = llvm.select %c, %gg, %gl : i1, !llvm.ptr<4>
  %f = llvm.call spir_funccc @_Z9get_fencePU3AS4v(%q) : (!llvm.ptr<4>) -> i32
  llvm.store %f, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}
