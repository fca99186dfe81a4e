// gas-opt: --pipeline raise,propagate --target amdgpu --split-input-file
// On AMDGPU the null of local and private memory is not zero: a cast of a
// zero local pointer is not the flat null, so a merge with null stays flat.
// Merges of tags alone, and global with null, are retyped.

llvm.func @select_of_two_locals_is_local(%c: i1, %a: !llvm.ptr<3>, %b: !llvm.ptr<3>) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr
  %gb = llvm.addrspacecast %b : !llvm.ptr<3> to !llvm.ptr
  %g = llvm.select %c, %ga, %gb : i1, !llvm.ptr
  %v = llvm.load %g : !llvm.ptr -> i32
  llvm.return %v : i32
}

// -----

llvm.func @select_of_global_and_null_is_global(%c: i1, %a: !llvm.ptr<1>) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<1> to !llvm.ptr
  %z = llvm.mlir.zero : !llvm.ptr
  %g = llvm.select %c, %ga, %z : i1, !llvm.ptr
  %v = llvm.load %g : !llvm.ptr -> i32
  llvm.return %v : i32
}

// -----

llvm.func @negative_select_of_local_and_null_stays_flat(%c: i1, %a: !llvm.ptr<3>) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr
  %z = llvm.mlir.zero : !llvm.ptr
  %g = llvm.select %c, %ga, %z : i1, !llvm.ptr
  %v = llvm.load %g : !llvm.ptr -> i32
  llvm.return %v : i32
}

// -----

llvm.func @negative_phi_of_private_and_null_stays_flat(%c: i1, %a: !llvm.ptr<5>) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<5> to !llvm.ptr
  %z = llvm.mlir.zero : !llvm.ptr
  llvm.cond_br %c, ^join(%ga : !llvm.ptr), ^join(%z : !llvm.ptr)
^join(%g: !llvm.ptr):
  %v = llvm.load %g : !llvm.ptr -> i32
  llvm.return %v : i32
}

// -----

// A flat cast of local memory adds the aperture: equality would survive, but
// gas keeps comparisons of other spaces than global as they are.
llvm.func @negative_compare_of_local_casts_stays_flat(%a: !llvm.ptr<3>, %b: !llvm.ptr<3>) -> i1 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr
  %gb = llvm.addrspacecast %b : !llvm.ptr<3> to !llvm.ptr
  %eq = llvm.icmp "eq" %ga, %gb : !llvm.ptr
  llvm.return %eq : i1
}
