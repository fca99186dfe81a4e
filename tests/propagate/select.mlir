// gas-opt: --pipeline raise,propagate --split-input-file
// A select points where either operand points; null adds nothing.

llvm.func @select_between_local_and_global_is_two_way(%c: i1, %l: !llvm.ptr<3>, %p: !llvm.ptr<1>) -> i32 {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gg = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  %s = llvm.select %c, %gl, %gg : i1, !llvm.ptr<4>
  %v = llvm.load %s {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

llvm.func @select_with_null_keeps_one_space(%c: i1, %l: !llvm.ptr<3>, %v: i32) {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %null = llvm.mlir.zero : !llvm.ptr<4>
  %s = llvm.select %c, %null, %gl : i1, !llvm.ptr<4>
  llvm.store %v, %s {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return
}

// -----

llvm.func @negative_select_with_a_pointer_loaded_from_global_memory(%c: i1, %l: !llvm.ptr<3>, %slot: !llvm.ptr<1>) -> i32 {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %loaded = llvm.load %slot {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  %s = llvm.select %c, %gl, %loaded : i1, !llvm.ptr<4>
  %v = llvm.load %s {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}
