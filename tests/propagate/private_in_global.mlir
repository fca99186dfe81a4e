// gas-opt: --pipeline raise,propagate,private-branch-elision,propagate --split-input-file --target spir-igc
// After private-branch-elision a private pointer is a global one: its
// accesses narrow to the global case, never to the local one. The load
// through private-or-global memory is the decision the contract removes.

llvm.func spir_kernelcc @private_or_local_narrows_to_local_or_global(%l: !llvm.ptr<3>, %out: !llvm.ptr<1>, %sel: i1) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %g = llvm.select %sel, %ga, %gl : i1, !llvm.ptr<4>
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %w = llvm.load %ga {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %gout = llvm.addrspacecast %out : !llvm.ptr<1> to !llvm.ptr<4>
  %h = llvm.select %sel, %ga, %gout : i1, !llvm.ptr<4>
  %x = llvm.load %h {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %s = llvm.add %v, %w : i32
  %t = llvm.add %s, %x : i32
  llvm.store %t, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}
