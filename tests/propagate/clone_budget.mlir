// gas-opt: --pipeline raise,propagate --split-input-file --clone-budget 12 --stats
// Cloning spends a budget of operations added (here 12; a clone of
// @copy_word costs its 4 operations), in a deterministic order: callee
// name, then call order. Calls whose clone does not fit keep the original,
// which stays, narrowed to what its remaining call sites pass.

llvm.func internal @copy_word(%dst: !llvm.ptr<4>, %src: !llvm.ptr<4>) {
  %v = llvm.load %src {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %v, %dst {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return
}

llvm.func @negative_fourth_signature_is_over_budget(%pp: !llvm.ptr, %l: !llvm.ptr<3>, %p: !llvm.ptr<1>) {
  %gpp = llvm.addrspacecast %pp : !llvm.ptr to !llvm.ptr<4>
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.call @copy_word(%gpp, %gl) : (!llvm.ptr<4>, !llvm.ptr<4>) -> ()
  llvm.call @copy_word(%gl, %gp) : (!llvm.ptr<4>, !llvm.ptr<4>) -> ()
  llvm.call @copy_word(%gp, %gpp) : (!llvm.ptr<4>, !llvm.ptr<4>) -> ()
  llvm.call @copy_word(%gl, %gl) : (!llvm.ptr<4>, !llvm.ptr<4>) -> ()
  llvm.call @copy_word(%gp, %gp) : (!llvm.ptr<4>, !llvm.ptr<4>) -> ()
  llvm.return
}
