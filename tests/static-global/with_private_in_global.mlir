// gas-opt: --pipeline raise,explicit-cast-tags,private-branch-elision,static-global --split-input-file --stats --target spir-igc
// Private pointers made generic, but private memory in the global buffer:
// still every generic access is global. With to_private left, tags are
// preserved (explicit-cast-tags), so to_private and to_global stay run-time
// checks while to_local folds to null.

llvm.func @__to_private(!llvm.ptr<4>) -> !llvm.ptr
llvm.func @__to_local(!llvm.ptr<4>) -> !llvm.ptr<3>

llvm.func spir_kernelcc @private_and_global_with_explicit_casts(%p: !llvm.ptr<1>, %sel: i1) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  %g = llvm.select %sel, %ga, %gp : i1, !llvm.ptr<4>
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %t = llvm.call @__to_private(%g) : (!llvm.ptr<4>) -> !llvm.ptr
  %l = llvm.call @__to_local(%g) : (!llvm.ptr<4>) -> !llvm.ptr<3>
  llvm.store %v, %t {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}
