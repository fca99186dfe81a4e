// gas-opt: --pipeline raise,propagate --split-input-file --closed-world never
// Without the closed-world assumption an exported function may be called
// from other modules: it stays as it is (dynamic), and the module's own call
// sites get an internal specialized clone.

llvm.func spir_funccc @negative_exported_helper_stays_dynamic(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

llvm.func spir_kernelcc @kernel_calls_the_helper_with_a_global_pointer(%p: !llvm.ptr<1>) {
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  %v = llvm.call spir_funccc @negative_exported_helper_stays_dynamic(%gp) : (!llvm.ptr<4>) -> i32
  llvm.store %v, %p {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

// With kernels but without the closed-world assumption, an exported
// function nothing calls may be called from outside: it stays. An internal
// one nothing calls cannot be, and is erased.
llvm.func spir_funccc @negative_uncalled_exported_helper_stays(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}
llvm.func internal spir_funccc @uncalled_internal_helper_is_erased(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}
llvm.func spir_kernelcc @kernel_calls_nothing(%p: !llvm.ptr<1>) {
  llvm.return
}
