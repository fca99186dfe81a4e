// gas-opt: --pipeline O2 --remarks --clone-budget 0 --verify-diagnostics
// With no clone budget the helper keeps both callers' spaces: the remark
// names the parameter, what meets there and that the budget stopped it.

llvm.func internal spir_funccc @bump(%p: !llvm.ptr<4>) {
  // expected-remark @+1 {{load through a generic pointer (local or global) stays dynamic: parameter 0 of @bump, called with local and global pointers (clone budget reached)}}
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return
}

llvm.func spir_kernelcc @clone_budget_reached(%l: !llvm.ptr<3>, %g: !llvm.ptr<1>) {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.call spir_funccc @bump(%gl) : (!llvm.ptr<4>) -> ()
  llvm.call spir_funccc @bump(%gg) : (!llvm.ptr<4>) -> ()
  llvm.return
}
