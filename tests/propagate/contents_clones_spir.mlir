// gas-opt: --pipeline raise,propagate,lower --split-input-file
// On SPIR every resolved space saves a switch on the tag: a helper reading
// a pointer out of a private struct is cloned per kind of call, whether
// the field holds a local or a global pointer (contents_clones.mlir: the
// same on NVPTX, where only shared and private fields split callers).

llvm.func spir_funccc @first_of(%view: !llvm.ptr<4>) -> f32 {
  %data = llvm.load %view {alignment = 8 : i64} : !llvm.ptr<4> -> !llvm.ptr<4>
  %v = llvm.load %data {alignment = 4 : i64} : !llvm.ptr<4> -> f32
  llvm.return %v : f32
}
llvm.func spir_kernelcc @private_struct_of_local_or_global_clones_per_contents(%in: !llvm.ptr<1>, %tile: !llvm.ptr<3>, %out: !llvm.ptr<1>) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %l = llvm.addrspacecast %tile : !llvm.ptr<3> to !llvm.ptr<4>
  %g = llvm.addrspacecast %in : !llvm.ptr<1> to !llvm.ptr<4>
  %local_view = llvm.alloca %one x !llvm.struct<(ptr<4>, i32)> {alignment = 8 : i64} : (i64) -> !llvm.ptr
  %local_view_generic = llvm.addrspacecast %local_view : !llvm.ptr to !llvm.ptr<4>
  llvm.store %l, %local_view_generic {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr<4>
  %global_view = llvm.alloca %one x !llvm.struct<(ptr<4>, i32)> {alignment = 8 : i64} : (i64) -> !llvm.ptr
  %global_view_generic = llvm.addrspacecast %global_view : !llvm.ptr to !llvm.ptr<4>
  llvm.store %g, %global_view_generic {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr<4>
  %a = llvm.call spir_funccc @first_of(%local_view_generic) : (!llvm.ptr<4>) -> f32
  %b = llvm.call spir_funccc @first_of(%global_view_generic) : (!llvm.ptr<4>) -> f32
  %sum = llvm.fadd %a, %b : f32
  llvm.store %sum, %out {alignment = 4 : i64} : f32, !llvm.ptr<1>
  llvm.return
}
