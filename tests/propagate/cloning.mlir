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

// Five signatures, five clones: the original is left without callers.
llvm.func internal @copy_word(%dst: !llvm.ptr<4>, %src: !llvm.ptr<4>) {
  %v = llvm.load %src {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %v, %dst {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return
}

llvm.func @five_signatures_five_clones(%pp: !llvm.ptr, %l: !llvm.ptr<3>, %p: !llvm.ptr<1>) {
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

// -----

// Four levels, three spaces: every level is cloned per space, and each leaf
// clone accesses one space (no dispatch left with more than one).
llvm.func internal @f4(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}
llvm.func internal @f3(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.call @f4(%g) : (!llvm.ptr<4>) -> i32
  llvm.return %v : i32
}
llvm.func internal @f2(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.call @f3(%g) : (!llvm.ptr<4>) -> i32
  llvm.return %v : i32
}
llvm.func internal @f1(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.call @f2(%g) : (!llvm.ptr<4>) -> i32
  llvm.return %v : i32
}
llvm.func spir_kernelcc @four_level_chain_resolved_in_every_context(%out: !llvm.ptr<1>, %l: !llvm.ptr<3>, %p: !llvm.ptr) {
  %go = llvm.addrspacecast %out : !llvm.ptr<1> to !llvm.ptr<4>
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gp = llvm.addrspacecast %p : !llvm.ptr to !llvm.ptr<4>
  %a = llvm.call @f1(%go) : (!llvm.ptr<4>) -> i32
  %b = llvm.call @f1(%gl) : (!llvm.ptr<4>) -> i32
  %c = llvm.call @f1(%gp) : (!llvm.ptr<4>) -> i32
  %s = llvm.add %a, %b : i32
  %t = llvm.add %s, %c : i32
  llvm.store %t, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

// A clone whose second parameter becomes known only later is cloned again:
// `@z_middle` is called with a local and a private pointer, so `@pair`'s
// call in it becomes `.gas.g_x` in the first round; the clones of
// `@z_middle` then pass it one space each, and it is cloned once more
// (`.gas.g_x.gas.l`, `.gas.g_x.gas.p`).
llvm.func internal @pair(%a: !llvm.ptr<4>, %b: !llvm.ptr<4>) -> i32 {
  %x = llvm.load %a {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %y = llvm.load %b {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %s = llvm.add %x, %y : i32
  llvm.return %s : i32
}
llvm.func internal @z_middle(%a: !llvm.ptr<1>, %b: !llvm.ptr<4>) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<1> to !llvm.ptr<4>
  %v = llvm.call @pair(%ga, %b) : (!llvm.ptr<4>, !llvm.ptr<4>) -> i32
  llvm.return %v : i32
}
llvm.func spir_kernelcc @clone_of_a_clone(%out: !llvm.ptr<1>, %l: !llvm.ptr<3>, %p: !llvm.ptr) {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gp = llvm.addrspacecast %p : !llvm.ptr to !llvm.ptr<4>
  %v = llvm.call @z_middle(%out, %gl) : (!llvm.ptr<1>, !llvm.ptr<4>) -> i32
  %w = llvm.call @z_middle(%out, %gp) : (!llvm.ptr<1>, !llvm.ptr<4>) -> i32
  %s = llvm.add %v, %w : i32
  llvm.store %s, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}
