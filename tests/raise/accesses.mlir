// gas-opt: --pipeline raise --split-input-file
// Every memory access with a generic address becomes a gas.dispatch over
// {private, local, global} per generic address, keeping every attribute.

llvm.func @load_and_store_keep_their_attributes(%x: !llvm.ptr<4>, %v: i32) -> i32 {
  %0 = llvm.load volatile %x {alignment = 8 : i64, nontemporal} : !llvm.ptr<4> -> i32
  llvm.store %v, %x atomic syncscope("workgroup") release {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return %0 : i32
}

// -----

llvm.func @atomics_keep_ordering_and_scope(%x: !llvm.ptr<4>, %v: i32) -> i32 {
  %0 = llvm.atomicrmw add %x, %v syncscope("workgroup") seq_cst : !llvm.ptr<4>, i32
  %1 = llvm.cmpxchg weak %x, %v, %0 acq_rel monotonic : !llvm.ptr<4>, i32
  %2 = llvm.extractvalue %1[0] : !llvm.struct<(i32, i1)>
  llvm.return %2 : i32
}

// -----

// One spaces entry per generic address: two between generic pointers, one
// when only one side is generic.
llvm.func @memory_intrinsics_generic_on_either_side(%x: !llvm.ptr<4>, %y: !llvm.ptr<4>, %l: !llvm.ptr<3>, %n: i64, %b: i8) {
  "llvm.intr.memcpy"(%x, %y, %n) <{isVolatile = false}> : (!llvm.ptr<4>, !llvm.ptr<4>, i64) -> ()
  "llvm.intr.memcpy"(%l, %x, %n) <{isVolatile = false}> : (!llvm.ptr<3>, !llvm.ptr<4>, i64) -> ()
  "llvm.intr.memmove"(%x, %l, %n) <{isVolatile = true}> : (!llvm.ptr<4>, !llvm.ptr<3>, i64) -> ()
  "llvm.intr.memset"(%x, %b, %n) <{isVolatile = false}> : (!llvm.ptr<4>, i8, i64) -> ()
  llvm.return
}

// -----

// A pointer loaded from memory can point anywhere: the access stays a
// three-way dispatch; the load of the pointer itself (from global memory) is
// not generic and stays.
llvm.func @negative_pointer_loaded_from_memory_stays_three_way(%slot: !llvm.ptr<1>) -> i32 {
  %x = llvm.load %slot {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  %0 = llvm.load %x {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %0 : i32
}

// -----

// Named accesses, and the generic pointer as stored data, are not resolved.
llvm.func @negative_named_accesses_and_stored_generic_pointers(%g: !llvm.ptr<1>, %x: !llvm.ptr<4>) {
  %0 = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<1> -> i32
  llvm.store %x, %g {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr<1>
  llvm.return
}

// -----

// GEPs, selects, compares and ptrtoint on generic pointers stay as they are.
llvm.func @negative_pointer_arithmetic_stays(%x: !llvm.ptr<4>, %y: !llvm.ptr<4>, %c: i1) -> i64 {
  %0 = llvm.getelementptr %x[4] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i32
  %1 = llvm.select %c, %0, %y : i1, !llvm.ptr<4>
  %2 = llvm.icmp "eq" %1, %x : !llvm.ptr<4>
  %3 = llvm.ptrtoint %1 : !llvm.ptr<4> to i64
  llvm.return %3 : i64
}
