// gas-opt: --pipeline raise,propagate --split-input-file
// Block arguments (phis) point where any predecessor's value points.

llvm.func @diamond_of_private_and_local_is_two_way(%c: i1, %p: !llvm.ptr, %l: !llvm.ptr<3>) -> i32 {
  llvm.cond_br %c, ^private, ^local
^private:
  %gp = llvm.addrspacecast %p : !llvm.ptr to !llvm.ptr<4>
  llvm.br ^join(%gp : !llvm.ptr<4>)
^local:
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.br ^join(%gl : !llvm.ptr<4>)
^join(%g: !llvm.ptr<4>):
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// Both sides the same space: one space, no switch after lower.
llvm.func @diamond_of_two_global_pointers_is_global(%c: i1, %a: !llvm.ptr<1>, %b: !llvm.ptr<1>) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<1> to !llvm.ptr<4>
  %gb = llvm.addrspacecast %b : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.cond_br %c, ^join(%ga : !llvm.ptr<4>), ^join(%gb : !llvm.ptr<4>)
^join(%g: !llvm.ptr<4>):
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

llvm.func @negative_diamond_with_an_unknown_side(%c: i1, %a: !llvm.ptr<1>, %unknown: !llvm.ptr<4>) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.cond_br %c, ^join(%ga : !llvm.ptr<4>), ^join(%unknown : !llvm.ptr<4>)
^join(%g: !llvm.ptr<4>):
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}
