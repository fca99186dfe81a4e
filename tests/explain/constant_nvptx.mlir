// gas-opt: --pipeline O2 --remarks --split-input-file --verify-diagnostics --target nvptx
// CUDA's constant memory: an access through a generic pointer cast from a
// `__constant__` variable is a constant-memory access (no remark); one whose
// pointer may be constant or global memory stays a flat access, and its
// remark names both spaces and the constant pointer.

llvm.mlir.global external constant @table() {addr_space = 4 : i32} : !llvm.array<4 x f32>
llvm.func ptx_kernelcc @constant_through_a_flat_pointer_is_resolved(%out: !llvm.ptr<1>, %i: i64) {
  %t = llvm.mlir.addressof @table : !llvm.ptr<4>
  %g = llvm.addrspacecast %t : !llvm.ptr<4> to !llvm.ptr
  %p = llvm.getelementptr inbounds %g[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.store %v, %out {alignment = 4 : i64} : f32, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.mlir.global external constant @table() {addr_space = 4 : i32} : !llvm.array<4 x f32>
llvm.func ptx_kernelcc @constant_or_global_names_the_constant_pointer(%out: !llvm.ptr<1>, %mine: !llvm.ptr<1>, %c: i1) {
  %t = llvm.mlir.addressof @table : !llvm.ptr<4>
  %g = llvm.addrspacecast %t : !llvm.ptr<4> to !llvm.ptr
  %m = llvm.addrspacecast %mine : !llvm.ptr<1> to !llvm.ptr
  %p = llvm.select %c, %g, %m : i1, !llvm.ptr
  // expected-remark @+1 {{load through a generic pointer (global or constant) stays dynamic: a constant pointer made generic at}}
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.store %v, %out {alignment = 4 : i64} : f32, !llvm.ptr<1>
  llvm.return
}

// -----

// A pointer read from memory among the sources: the analysis knows nothing
// of it, so the remark lists every space, constant memory included.
llvm.mlir.global external constant @table() {addr_space = 4 : i32} : !llvm.array<4 x f32>
llvm.func ptx_kernelcc @constant_or_loaded_lists_every_space(%out: !llvm.ptr<1>, %slot: !llvm.ptr<5>, %c: i1) {
  %t = llvm.mlir.addressof @table : !llvm.ptr<4>
  %g = llvm.addrspacecast %t : !llvm.ptr<4> to !llvm.ptr
  %m = llvm.load %slot {alignment = 8 : i64} : !llvm.ptr<5> -> !llvm.ptr
  %p = llvm.select %c, %g, %m : i1, !llvm.ptr
  // expected-remark @+1 {{load through a generic pointer (private, local, global or constant) stays dynamic}}
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.store %v, %out {alignment = 4 : i64} : f32, !llvm.ptr<1>
  llvm.return
}

// -----

// A helper's parameter: the remark follows the calls (a constant table and
// a kernel's pointer parameter, global memory) and names both spaces.
llvm.mlir.global external constant @table() {addr_space = 4 : i32} : !llvm.array<4 x f32>
llvm.func internal @first(%p: !llvm.ptr) -> f32 attributes {no_inline} {
  // expected-remark @+1 {{load through a generic pointer (global or constant) stays dynamic}}
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.return %v : f32
}
llvm.func ptx_kernelcc @helper_parameter_names_constant_and_global(%out: !llvm.ptr<1>, %in: !llvm.ptr, %c: i1) {
  %t = llvm.mlir.addressof @table : !llvm.ptr<4>
  %g = llvm.addrspacecast %t : !llvm.ptr<4> to !llvm.ptr
  %p = llvm.select %c, %g, %in : i1, !llvm.ptr
  %v = llvm.call @first(%p) : (!llvm.ptr) -> f32
  llvm.store %v, %out {alignment = 4 : i64} : f32, !llvm.ptr<1>
  llvm.return
}
