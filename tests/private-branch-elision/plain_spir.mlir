// gas-opt: --pipeline raise,explicit-cast-tags,propagate,private-branch-elision,lower --split-input-file --stats --target spir
// Plain SPIR promises nothing about where private memory lives (PoCL or a
// SPIR-V translator keep allocas private): no function is marked
// gas.private_in_global and the dispatch keeps its private case, a tag test
// (lshr 61, icmp eq 1) choosing the private access.

llvm.func spir_funccc @read(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

llvm.func spir_kernelcc @negative_kernel_choosing_private_or_global_on_plain_spir(%p: !llvm.ptr<1>, %c: i1) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  %either = llvm.select %c, %ga, %gp : i1, !llvm.ptr<4>
  %v = llvm.call spir_funccc @read(%either) : (!llvm.ptr<4>) -> i32
  llvm.store %v, %p {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}
