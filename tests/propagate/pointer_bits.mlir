// gas-opt: --pipeline raise,propagate --split-input-file --closed-world never
// Pointers that keep their space through their bits on SPIR: a `ptrmask`
// whose mask keeps bits 32..63 (the tag among them); `inttoptr(ptrtoint p)`
// of a global pointer (tag 000: its bits are its generic form); undef and
// poison, which may be taken to be any pointer.

llvm.func @ptrmask_keeping_the_tag_keeps_the_space(%l: !llvm.ptr<3>) -> i32 {
  %mask = llvm.mlir.constant(-16 : i64) : i64
  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %m = llvm.intr.ptrmask %g, %mask : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>
  %v = llvm.load %m {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

llvm.func @negative_ptrmask_that_may_clear_the_tag(%l: !llvm.ptr<3>, %mask: i64) -> i32 {
  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %m = llvm.intr.ptrmask %g, %mask : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>
  %v = llvm.load %m {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

llvm.func @negative_ptrmask_clearing_the_tag_bits(%l: !llvm.ptr<3>) -> i32 {
  %mask = llvm.mlir.constant(2305843009213693951 : i64) : i64
  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %m = llvm.intr.ptrmask %g, %mask : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>
  %v = llvm.load %m {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

llvm.func @integer_round_trip_of_a_global_pointer_is_global(%p: !llvm.ptr<1>) -> i32 {
  %i = llvm.ptrtoint %p : !llvm.ptr<1> to i64
  %g = llvm.inttoptr %i : i64 to !llvm.ptr<4>
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

llvm.func @negative_integer_round_trip_of_a_local_pointer_has_no_tag(%p: !llvm.ptr<3>) -> i32 {
  %i = llvm.ptrtoint %p : !llvm.ptr<3> to i64
  %g = llvm.inttoptr %i : i64 to !llvm.ptr<4>
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

llvm.func @select_with_undef_or_poison_is_the_other_side(%c: i1, %l: !llvm.ptr<3>) -> i32 {
  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %u = llvm.mlir.undef : !llvm.ptr<4>
  %p = llvm.mlir.poison : !llvm.ptr<4>
  %a = llvm.select %c, %g, %u : i1, !llvm.ptr<4>
  %b = llvm.select %c, %p, %a : i1, !llvm.ptr<4>
  %v = llvm.load %b {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}
