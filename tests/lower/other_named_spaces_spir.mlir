// gas-opt: --pipeline raise,propagate,lower --split-input-file --closed-world never
// On SPIR too, an address cast to generic from a space that has no tag
// (constant, 2) is an access to that space, not a switch on a tag it never
// had.

llvm.func @prefetch_of_constant_through_generic(%c: !llvm.ptr<2>) {
  %g = llvm.addrspacecast %c : !llvm.ptr<2> to !llvm.ptr<4>
  "llvm.intr.prefetch"(%g) <{cache = 1 : i32, hint = 0 : i32, rw = 0 : i32}> : (!llvm.ptr<4>) -> ()
  llvm.return
}

// -----

llvm.func @negative_select_of_constant_and_local_switches(%k: i1, %c: !llvm.ptr<2>, %l: !llvm.ptr<3>) -> i32 {
  %a = llvm.addrspacecast %c : !llvm.ptr<2> to !llvm.ptr<4>
  %b = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %s = llvm.select %k, %a, %b : i1, !llvm.ptr<4>
  %v = llvm.load %s {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}
