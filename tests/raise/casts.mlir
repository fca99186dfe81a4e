// gas-opt: --pipeline raise --split-input-file
// llvm.addrspacecast to and from generic becomes gas.tag / gas.untag.

llvm.func @cast_each_named_space_to_generic(%p: !llvm.ptr, %l: !llvm.ptr<3>, %g: !llvm.ptr<1>) -> !llvm.ptr<4> {
  %0 = llvm.addrspacecast %p : !llvm.ptr to !llvm.ptr<4>
  %1 = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %2 = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.return %2 : !llvm.ptr<4>
}

// -----

llvm.func @cast_generic_to_each_named_space(%x: !llvm.ptr<4>) -> !llvm.ptr<1> {
  %0 = llvm.addrspacecast %x : !llvm.ptr<4> to !llvm.ptr
  %1 = llvm.addrspacecast %x : !llvm.ptr<4> to !llvm.ptr<3>
  %2 = llvm.addrspacecast %x : !llvm.ptr<4> to !llvm.ptr<1>
  llvm.return %2 : !llvm.ptr<1>
}

// -----

// Casts of null and of a global variable's address (constant expressions).
llvm.mlir.global internal @table(0 : i32) {addr_space = 1 : i32} : i32

llvm.func @cast_null_and_constant_addresses() -> !llvm.ptr<1> {
  %null = llvm.mlir.zero : !llvm.ptr<3>
  %0 = llvm.addrspacecast %null : !llvm.ptr<3> to !llvm.ptr<4>
  %table = llvm.mlir.addressof @table : !llvm.ptr<1>
  %1 = llvm.addrspacecast %table : !llvm.ptr<1> to !llvm.ptr<4>
  %back = llvm.addrspacecast %1 : !llvm.ptr<4> to !llvm.ptr<1>
  llvm.return %back : !llvm.ptr<1>
}

// -----

func.func @casts_in_func_func(%l: !llvm.ptr<3>) -> !llvm.ptr<3> {
  %0 = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %1 = llvm.addrspacecast %0 : !llvm.ptr<4> to !llvm.ptr<3>
  return %1 : !llvm.ptr<3>
}

// -----

// Casts between named spaces, and from constant memory, are not generic casts.
llvm.func @negative_cast_between_named_spaces(%g: !llvm.ptr<1>, %c: !llvm.ptr<2>) -> !llvm.ptr<4> {
  %0 = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr
  %1 = llvm.addrspacecast %c : !llvm.ptr<2> to !llvm.ptr<4>
  llvm.return %1 : !llvm.ptr<4>
}
