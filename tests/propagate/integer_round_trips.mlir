// gas-opt: --pipeline raise,propagate --split-input-file
// A generic pointer turned into an integer (`ptrtoint`, 64 bits), moved by
// constants and turned back (`inttoptr`) points where it did: its tag in the
// top bits survives an offset inside the object. Any other integer is
// unknown.

llvm.func @round_trip_moved_by_a_constant_keeps_the_space(%l: !llvm.ptr<3>) -> i32 {
  %four = llvm.mlir.constant(4 : i64) : i64
  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %a = llvm.ptrtoint %g : !llvm.ptr<4> to i64
  %b = llvm.add %a, %four : i64
  %p = llvm.inttoptr %b : i64 to !llvm.ptr<4>
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

llvm.func @round_trip_through_chained_offsets_keeps_the_space(%p: !llvm.ptr<1>) -> i32 {
  %four = llvm.mlir.constant(4 : i64) : i64
  %eight = llvm.mlir.constant(8 : i64) : i64
  %g = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  %a = llvm.ptrtoint %g : !llvm.ptr<4> to i64
  %b = llvm.add %four, %a : i64
  %c = llvm.sub %b, %eight : i64
  %d = llvm.add %c, %eight : i64
  %q = llvm.inttoptr %d : i64 to !llvm.ptr<4>
  %v = llvm.load %q {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// The offset is not a constant: it could carry another pointer's bits.
llvm.func @negative_offset_from_another_pointer(%l: !llvm.ptr<3>, %p: !llvm.ptr<1>) -> i32 {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  %a = llvm.ptrtoint %gl : !llvm.ptr<4> to i64
  %b = llvm.ptrtoint %gp : !llvm.ptr<4> to i64
  %d = llvm.sub %b, %a : i64
  %e = llvm.add %a, %d : i64
  %q = llvm.inttoptr %e : i64 to !llvm.ptr<4>
  %v = llvm.load %q {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// A constant minus the address is not the address moved.
llvm.func @negative_constant_minus_the_address(%l: !llvm.ptr<3>) -> i32 {
  %big = llvm.mlir.constant(4096 : i64) : i64
  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %a = llvm.ptrtoint %g : !llvm.ptr<4> to i64
  %b = llvm.sub %big, %a : i64
  %q = llvm.inttoptr %b : i64 to !llvm.ptr<4>
  %v = llvm.load %q {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// Truncated to 32 bits, the tag is gone.
llvm.func @negative_truncated_integer(%l: !llvm.ptr<3>) -> i32 {
  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %a = llvm.ptrtoint %g : !llvm.ptr<4> to i32
  %q = llvm.inttoptr %a : i32 to !llvm.ptr<4>
  %v = llvm.load %q {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// The integer comes from a named pointer: no tag to keep.
llvm.func @negative_integer_of_a_named_pointer(%l: !llvm.ptr<3>) -> i32 {
  %a = llvm.ptrtoint %l : !llvm.ptr<3> to i64
  %q = llvm.inttoptr %a : i64 to !llvm.ptr<4>
  %v = llvm.load %q {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}
