// gas-opt: --pipeline raise,propagate,lower --split-input-file --target nvptx
// NVPTX's generic pointers are hardware-flat (generic 0, global 1, shared 3,
// local 5): casts stay `addrspacecast`, an access resolved to one space
// becomes a named access, one left to several spaces stays a flat access
// (no switch), and `to_*` ask the hardware (`llvm.nvvm.isspacep.*`).

llvm.func ptx_kernelcc @resolved_access_becomes_a_shared_access(%l: !llvm.ptr<3>) -> i32 {
  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.return %v : i32
}

// -----

llvm.func ptx_kernelcc @select_of_two_spaces_stays_flat(%l: !llvm.ptr<3>, %p: !llvm.ptr<1>, %c: i1) -> i32 {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr
  %s = llvm.select %c, %gl, %gp : i1, !llvm.ptr
  %v = llvm.load %s {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.return %v : i32
}

// -----

// Allocas are generic on NVPTX: private memory reached through a flat
// pointer, which the analysis knows.
llvm.func ptx_kernelcc @generic_alloca_is_private(%out: !llvm.ptr<1>) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %c1 x i32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
  llvm.store %c1, %a {alignment = 4 : i64} : i32, !llvm.ptr
  %v = llvm.load %a {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.store %v, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.func @__to_global(!llvm.ptr) -> !llvm.ptr<1>
llvm.func @to_global_of_an_unknown_pointer_asks_the_hardware(%q: !llvm.ptr) -> !llvm.ptr<1> {
  %g = llvm.call @__to_global(%q) : (!llvm.ptr) -> !llvm.ptr<1>
  llvm.return %g : !llvm.ptr<1>
}
