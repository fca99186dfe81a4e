// gas-opt: --pipeline O0 --split-input-file
// O0 keeps program-scope generic pointers as casts in their initializers
// (a global's address has no tag bits to set on SPIR) and still switches
// on the tag of every pointer loaded from them.

llvm.mlir.global external @x(5 : i32) {addr_space = 1 : i32, alignment = 4 : i64} : i32
llvm.mlir.global external @gp() {addr_space = 1 : i32, alignment = 8 : i64} : !llvm.ptr<4> {
  %0 = llvm.mlir.addressof @x : !llvm.ptr<1>
  %1 = llvm.addrspacecast %0 : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.return %1 : !llvm.ptr<4>
}
llvm.func spir_kernelcc @program_scope_pointer_lowers_to_a_switch(%out: !llvm.ptr<1>) {
  %0 = llvm.mlir.addressof @gp : !llvm.ptr<1>
  %1 = llvm.load %0 {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  %2 = llvm.load %1 {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %2, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}
