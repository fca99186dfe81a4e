// gas-opt: --pipeline O0 --split-input-file
// raise then lower: every generic access becomes the run-time switch, every
// generic cast tag arithmetic, whatever the pointer's origin.

// The pointer is known to be local here, but O0 does not look: the access
// is still switched three ways (propagate is what narrows it).
llvm.func @local_cast_then_load_is_still_switched(%l: !llvm.ptr<3>) -> i32 {
  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// A generic pointer loaded from memory: nothing can be known about it.
llvm.func @negative_pointer_loaded_from_memory_stays_three_way(%slot: !llvm.ptr<1>, %v: i32) {
  %g = llvm.load %slot {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  llvm.store %v, %g {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return
}

// -----

// Explicit casts become tag checks; the call to the builtin disappears.
llvm.func @__to_private(!llvm.ptr<4>) -> !llvm.ptr

llvm.func @explicit_cast_becomes_a_tag_check(%g: !llvm.ptr<4>) -> !llvm.ptr {
  %p = llvm.call @__to_private(%g) : (!llvm.ptr<4>) -> !llvm.ptr
  llvm.return %p : !llvm.ptr
}
