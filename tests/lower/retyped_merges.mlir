// gas-opt: --pipeline O2 --split-input-file
// Resolved code costs nothing: merges of one space are retyped by
// propagate, so O2 sets no tag before them and clears none after them (no
// `and`/`or` of tag bits, no `shl`/`ashr` by 4, no `lshr` by 61).

llvm.func @select_of_two_locals_has_no_tag_arithmetic(%c: i1, %a: !llvm.ptr<3>, %b: !llvm.ptr<3>) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr<4>
  %gb = llvm.addrspacecast %b : !llvm.ptr<3> to !llvm.ptr<4>
  %g = llvm.select %c, %ga, %gb : i1, !llvm.ptr<4>
  %v = llvm.load %g : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

llvm.func @null_or_private_has_no_tag_arithmetic(%c: i1, %a: !llvm.ptr) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %z = llvm.mlir.zero : !llvm.ptr<4>
  llvm.cond_br %c, ^join(%ga : !llvm.ptr<4>), ^join(%z : !llvm.ptr<4>)
^join(%g: !llvm.ptr<4>):
  %v = llvm.load %g : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// Local and global meet: the merge is generic and the access a switch.
llvm.func @negative_local_or_global_keeps_its_switch(%c: i1, %a: !llvm.ptr<3>, %b: !llvm.ptr<1>) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr<4>
  %gb = llvm.addrspacecast %b : !llvm.ptr<1> to !llvm.ptr<4>
  %g = llvm.select %c, %ga, %gb : i1, !llvm.ptr<4>
  %v = llvm.load %g : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}
