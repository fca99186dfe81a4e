// gas-opt: --pipeline raise,propagate,lower --split-input-file --target amdgpu --closed-world never
// `llvm.assume` of AMDGPU's space tests narrows the pointer wherever the
// assume has run: after it in its block, anywhere after it in the entry
// block. `not is.shared and not is.private` is global.

llvm.func @assumed_shared_load_is_a_local_load(%p: !llvm.ptr, %i: i64) -> f32 {
  %s = llvm.call_intrinsic "llvm.amdgcn.is.shared"(%p) : (!llvm.ptr) -> i1
  llvm.intr.assume %s : i1
  %q = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %q {alignment = 4 : i64} : !llvm.ptr -> f32
  %w = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
  %r = llvm.fadd %v, %w : f32
  llvm.return %r : f32
}

// -----

llvm.func @neither_shared_nor_private_is_global(%p: !llvm.ptr) -> f32 {
  %true = llvm.mlir.constant(true) : i1
  %private = llvm.call_intrinsic "llvm.amdgcn.is.private"(%p) : (!llvm.ptr) -> i1
  %not_private = llvm.xor %private, %true : i1
  %shared = llvm.call_intrinsic "llvm.amdgcn.is.shared"(%p) : (!llvm.ptr) -> i1
  %not_shared = llvm.xor %shared, %true : i1
  %global = llvm.and %not_private, %not_shared : i1
  llvm.intr.assume %global : i1
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.return %v : f32
}

// -----

llvm.func @negative_access_before_the_assume_is_flat(%p: !llvm.ptr) -> f32 {
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
  %s = llvm.call_intrinsic "llvm.amdgcn.is.private"(%p) : (!llvm.ptr) -> i1
  llvm.intr.assume %s : i1
  llvm.return %v : f32
}

// -----

llvm.func @negative_assume_in_a_branch_narrows_only_there(%c: i1, %p: !llvm.ptr) -> f32 {
  %zero = llvm.mlir.constant(0.0 : f32) : f32
  llvm.cond_br %c, ^then, ^join(%zero : f32)
^then:
  %s = llvm.call_intrinsic "llvm.amdgcn.is.shared"(%p) : (!llvm.ptr) -> i1
  llvm.intr.assume %s : i1
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.br ^join(%v : f32)
^join(%a: f32):
  %w = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
  %r = llvm.fadd %a, %w : f32
  llvm.return %r : f32
}

// -----

llvm.func @assume_in_the_entry_block_holds_in_every_block(%c: i1, %p: !llvm.ptr) -> f32 {
  %s = llvm.call_intrinsic "llvm.amdgcn.is.shared"(%p) : (!llvm.ptr) -> i1
  llvm.intr.assume %s : i1
  llvm.cond_br %c, ^then, ^done
^then:
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.return %v : f32
^done:
  %zero = llvm.mlir.constant(0.0 : f32) : f32
  llvm.return %zero : f32
}

// -----

llvm.func @negative_assume_of_another_pointer(%p: !llvm.ptr, %q: !llvm.ptr) -> f32 {
  %s = llvm.call_intrinsic "llvm.amdgcn.is.shared"(%q) : (!llvm.ptr) -> i1
  llvm.intr.assume %s : i1
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.return %v : f32
}

// -----

llvm.func @assume_before_the_branch_holds_for_the_block_argument(%p: !llvm.ptr) -> f32 {
  %s = llvm.call_intrinsic "llvm.amdgcn.is.shared"(%p) : (!llvm.ptr) -> i1
  llvm.intr.assume %s : i1
  llvm.br ^next(%p : !llvm.ptr)
^next(%q: !llvm.ptr):
  %v = llvm.load %q {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.return %v : f32
}

// -----

llvm.func @assume_holds_through_an_integer_round_trip(%p: !llvm.ptr) -> i32 {
  %s = llvm.call_intrinsic "llvm.amdgcn.is.private"(%p) : (!llvm.ptr) -> i1
  llvm.intr.assume %s : i1
  %i = llvm.ptrtoint %p : !llvm.ptr to i64
  %q = llvm.inttoptr %i : i64 to !llvm.ptr
  %v = llvm.load %q {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.return %v : i32
}
