// gas-opt: --pipeline raise,propagate --split-input-file --stats
// In a closed world (the module has kernels) only kernels, functions whose
// address is taken (block invoke functions) and functions named by
// module-level ops are entry points; a function none of them reaches is
// erased before resolution, so it gets no switch.

llvm.func spir_funccc @inlined_everywhere_helper_is_erased(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}
llvm.func spir_funccc @called_only_by_dead_code_is_erased(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.call @inlined_everywhere_helper_is_erased(%g) : (!llvm.ptr<4>) -> i32
  llvm.return %v : i32
}
llvm.func spir_funccc @reached_helper_stays(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}
llvm.func spir_funccc @block_invoke_reached_through_its_address(%literal: !llvm.ptr<4>) {
  %v = llvm.load %literal {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return
}
llvm.func @__enqueue_kernel_basic(!llvm.ptr<4>, !llvm.ptr<4>) -> i32
llvm.func spir_kernelcc @kernel(%out: !llvm.ptr<1>, %unknown: !llvm.ptr<4>) {
  %v = llvm.call @reached_helper_stays(%unknown) : (!llvm.ptr<4>) -> i32
  llvm.store %v, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  %f = llvm.mlir.addressof @block_invoke_reached_through_its_address : !llvm.ptr
  %g = llvm.addrspacecast %f : !llvm.ptr to !llvm.ptr<4>
  %r = llvm.call @__enqueue_kernel_basic(%g, %unknown) : (!llvm.ptr<4>, !llvm.ptr<4>) -> i32
  llvm.return
}

// -----

// A constructor named by llvm.mlir.global_ctors is an entry point.
llvm.mlir.global_ctors ctors = [@constructor_named_by_global_ctors_stays], priorities = [65535 : i32], data = [#llvm.zero]
llvm.func spir_funccc @constructor_named_by_global_ctors_stays() {
  llvm.return
}
llvm.func spir_kernelcc @kernel() {
  llvm.return
}

// -----

// Without kernels the module is not a closed world: exported functions are
// entry points and nothing is erased.
llvm.func @negative_exported_function_without_kernels_stays(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}
