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

// -----

// Each argument receives only what the branches pass in its position: %x is
// global on both edges, %y private on one, so only %y stays two-way. (The
// i32 between them shifts nothing.)
llvm.func spir_kernelcc @arguments_receive_their_own_position(%g: !llvm.ptr<1>, %c: i1, %out: !llvm.ptr<1>) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %one x i32 : (i32) -> !llvm.ptr
  llvm.cond_br %c, ^a, ^b
^a:
  %g1 = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.br ^join(%g1, %one, %g1 : !llvm.ptr<4>, i32, !llvm.ptr<4>)
^b:
  %g2 = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %pp = llvm.addrspacecast %p : !llvm.ptr to !llvm.ptr<4>
  llvm.br ^join(%g2, %one, %pp : !llvm.ptr<4>, i32, !llvm.ptr<4>)
^join(%x: !llvm.ptr<4>, %i: i32, %y: !llvm.ptr<4>):
  %v = llvm.load %x : !llvm.ptr<4> -> i32
  %w = llvm.load %y : !llvm.ptr<4> -> i32
  %s = llvm.add %v, %w : i32
  llvm.store %s, %out : i32, !llvm.ptr<1>
  llvm.return
}

// -----

// A cond_br passes its true operands to the first block and its false
// operands to the second; a switch its default operands to the default block
// and each case's own to its block: every load below has one space.
llvm.func spir_kernelcc @branch_operand_segments_go_to_their_successor(%g: !llvm.ptr<1>, %l: !llvm.ptr<3>, %c: i1, %k: i32, %out: !llvm.ptr<1>) {
  %gp = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %lp = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.cond_br %c, ^global(%gp : !llvm.ptr<4>), ^local(%lp : !llvm.ptr<4>)
^global(%x: !llvm.ptr<4>):
  %v = llvm.load %x : !llvm.ptr<4> -> i32
  llvm.store %v, %out : i32, !llvm.ptr<1>
  llvm.switch %k : i32, ^default(%lp : !llvm.ptr<4>) [
    1: ^case_global(%gp : !llvm.ptr<4>),
    2: ^case_local(%lp : !llvm.ptr<4>)
  ]
^local(%y: !llvm.ptr<4>):
  %w = llvm.load %y : !llvm.ptr<4> -> i32
  llvm.store %w, %out : i32, !llvm.ptr<1>
  llvm.return
^default(%d: !llvm.ptr<4>):
  %dv = llvm.load %d : !llvm.ptr<4> -> i32
  llvm.store %dv, %out : i32, !llvm.ptr<1>
  llvm.return
^case_global(%cg: !llvm.ptr<4>):
  %cgv = llvm.load %cg : !llvm.ptr<4> -> i32
  llvm.store %cgv, %out : i32, !llvm.ptr<1>
  llvm.return
^case_local(%cl: !llvm.ptr<4>):
  %clv = llvm.load %cl : !llvm.ptr<4> -> i32
  llvm.store %clv, %out : i32, !llvm.ptr<1>
  llvm.return
}
