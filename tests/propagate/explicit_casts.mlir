// gas-opt: --pipeline raise,propagate --split-input-file
// to_* of a pointer of known space is decided at compile time; untag of a
// tag folds.

llvm.func @__to_local(!llvm.ptr<4>) -> !llvm.ptr<3>
llvm.func @__to_global(!llvm.ptr<4>) -> !llvm.ptr<1>
llvm.func @__to_private(!llvm.ptr<4>) -> !llvm.ptr

llvm.func @to_star_of_a_local_pointer_through_a_gep(%l: !llvm.ptr<3>) -> !llvm.ptr<3> {
  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %e = llvm.getelementptr inbounds %g[4] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i32
  %a = llvm.call @__to_global(%e) : (!llvm.ptr<4>) -> !llvm.ptr<1>
  %b = llvm.call @__to_private(%e) : (!llvm.ptr<4>) -> !llvm.ptr
  %c = llvm.call @__to_local(%e) : (!llvm.ptr<4>) -> !llvm.ptr<3>
  llvm.return %c : !llvm.ptr<3>
}

// -----

llvm.func @__to_local(!llvm.ptr<4>) -> !llvm.ptr<3>
llvm.func @__to_private(!llvm.ptr<4>) -> !llvm.ptr

// {private, local}: to_local stays a run-time check, to_global would be null.
llvm.func @negative_to_local_of_private_or_local_stays(%c: i1, %p: !llvm.ptr, %l: !llvm.ptr<3>) -> !llvm.ptr<3> {
  %gp = llvm.addrspacecast %p : !llvm.ptr to !llvm.ptr<4>
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %s = llvm.select %c, %gp, %gl : i1, !llvm.ptr<4>
  %r = llvm.call @__to_local(%s) : (!llvm.ptr<4>) -> !llvm.ptr<3>
  llvm.return %r : !llvm.ptr<3>
}

// -----

llvm.func @untag_of_tag_is_the_pointer(%l: !llvm.ptr<3>) -> !llvm.ptr<3> {
  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %back = llvm.addrspacecast %g : !llvm.ptr<4> to !llvm.ptr<3>
  llvm.return %back : !llvm.ptr<3>
}

// -----

// A cast back to another space than the tag's is undefined: left alone.
llvm.func @negative_untag_to_another_space(%l: !llvm.ptr<3>) -> !llvm.ptr<1> {
  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %back = llvm.addrspacecast %g : !llvm.ptr<4> to !llvm.ptr<1>
  llvm.return %back : !llvm.ptr<1>
}
