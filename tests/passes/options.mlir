// gas-opt: --pass-pipeline builtin.module(gas-raise,gas-propagate{closed-world=never},any(canonicalize)) --split-input-file
// gas passes in a textual pipeline with MLIR's, and pass options on top of
// gas-opt's flags: the module has a kernel, so gas-opt's default would be a
// closed world; `closed-world=never` on gas-propagate keeps the exported
// helper dynamic (its dispatch keeps every space) and gives the kernel's
// call an internal clone resolved to global.

llvm.func spir_funccc @exported_helper_stays_dynamic(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

llvm.func spir_kernelcc @kernel_calls_the_helper_with_a_global_pointer(%p: !llvm.ptr<1>) {
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  %v = llvm.call spir_funccc @exported_helper_stays_dynamic(%gp) : (!llvm.ptr<4>) -> i32
  llvm.store %v, %p {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}
