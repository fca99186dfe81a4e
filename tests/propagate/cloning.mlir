// gas-opt: --pipeline raise,propagate --split-input-file
// Callers passing different spaces get one clone of the helper per space
// signature, with named parameters; the original goes once nobody calls it.

llvm.func internal @add_into(%dst: !llvm.ptr<4>, %src: !llvm.ptr<4>) {
  %a = llvm.load %src {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %b = llvm.load %dst {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %s = llvm.add %a, %b : i32
  llvm.store %s, %dst {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return
}

llvm.func @one_clone_per_space_signature(%l: !llvm.ptr<3>, %p: !llvm.ptr<1>, %unknown: !llvm.ptr<4>) {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.call @add_into(%gl, %gp) : (!llvm.ptr<4>, !llvm.ptr<4>) -> ()
  llvm.call @add_into(%gp, %gl) : (!llvm.ptr<4>, !llvm.ptr<4>) -> ()
  llvm.call @add_into(%gl, %gp) : (!llvm.ptr<4>, !llvm.ptr<4>) -> ()
  // Only the destination is known: the source parameter stays generic.
  llvm.call @add_into(%gl, %unknown) : (!llvm.ptr<4>, !llvm.ptr<4>) -> ()
  llvm.return
}

// -----

// Five signatures, at most four clones: the fifth call keeps the original,
// which stays, narrowed to what its one remaining call site passes.
llvm.func internal @copy_word(%dst: !llvm.ptr<4>, %src: !llvm.ptr<4>) {
  %v = llvm.load %src {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %v, %dst {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return
}

llvm.func @negative_fifth_signature_is_not_cloned(%pp: !llvm.ptr, %l: !llvm.ptr<3>, %p: !llvm.ptr<1>) {
  %gpp = llvm.addrspacecast %pp : !llvm.ptr to !llvm.ptr<4>
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.call @copy_word(%gpp, %gl) : (!llvm.ptr<4>, !llvm.ptr<4>) -> ()
  llvm.call @copy_word(%gl, %gp) : (!llvm.ptr<4>, !llvm.ptr<4>) -> ()
  llvm.call @copy_word(%gp, %gpp) : (!llvm.ptr<4>, !llvm.ptr<4>) -> ()
  llvm.call @copy_word(%gl, %gl) : (!llvm.ptr<4>, !llvm.ptr<4>) -> ()
  llvm.call @copy_word(%gp, %gp) : (!llvm.ptr<4>, !llvm.ptr<4>) -> ()
  llvm.return
}

// -----

// A chain of helpers specializes level by level (one level per round).
llvm.func internal @leaf(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

llvm.func internal @middle(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.call @leaf(%g) : (!llvm.ptr<4>) -> i32
  llvm.return %v : i32
}

llvm.func @helper_chain_called_with_local_and_private(%l: !llvm.ptr<3>, %p: !llvm.ptr) -> i32 {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gp = llvm.addrspacecast %p : !llvm.ptr to !llvm.ptr<4>
  %a = llvm.call @middle(%gl) : (!llvm.ptr<4>) -> i32
  %b = llvm.call @middle(%gp) : (!llvm.ptr<4>) -> i32
  %s = llvm.add %a, %b : i32
  llvm.return %s : i32
}

// -----

// Kernels are entry points: never cloned, their own signature never changed.
llvm.func spir_kernelcc @negative_kernel_called_from_a_kernel(%p: !llvm.ptr<1>) {
  llvm.return
}

llvm.func spir_kernelcc @calling_kernel(%p: !llvm.ptr<1>) {
  llvm.call spir_kernelcc @negative_kernel_called_from_a_kernel(%p) : (!llvm.ptr<1>) -> ()
  llvm.return
}
