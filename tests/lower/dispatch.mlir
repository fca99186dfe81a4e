// gas-opt: --pipeline lower --split-input-file
// gas.dispatch: one space is the access on the untagged pointer; several
// are seed 000's switch on the tag (1 private, 2 local, default global),
// one block per space with the access rebuilt, results merged in a phi.

// Seed 000's switch: the tag read, three cases, the merge.
llvm.func @load_over_all_spaces_is_a_three_way_switch(%x: !llvm.ptr<4>) -> i32 {
  %0 = "gas.dispatch"(%x) {access = "llvm.load", access_attrs = {alignment = 4 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 0, 3, 1>]} : (!llvm.ptr<4>) -> i32
  llvm.return %0 : i32
}

// -----

// No results to merge; every attribute is kept in each case.
llvm.func @store_keeps_volatile_and_ordering_in_every_case(%v: i32, %x: !llvm.ptr<4>) {
  "gas.dispatch"(%v, %x) {access = "llvm.store", access_attrs = {alignment = 4 : i64, ordering = 5 : i64, syncscope = "workgroup", volatile_}, operandSegmentSizes = array<i32: 1, 1, 0, 0>, spaces = [array<i32: 0, 3, 1>]} : (i32, !llvm.ptr<4>) -> ()
  llvm.return
}

// -----

llvm.func @single_space_is_a_direct_access(%x: !llvm.ptr<4>, %v: i32) -> i32 {
  %0 = "gas.dispatch"(%x) {access = "llvm.load", access_attrs = {alignment = 4 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 3>]} : (!llvm.ptr<4>) -> i32
  "gas.dispatch"(%v, %x) {access = "llvm.store", access_attrs = {alignment = 4 : i64}, operandSegmentSizes = array<i32: 1, 1, 0, 0>, spaces = [array<i32: 1>]} : (i32, !llvm.ptr<4>) -> ()
  llvm.return %0 : i32
}

// -----

// Two candidates: one case and a default. Global is the default when present.
llvm.func @two_spaces_are_a_two_way_switch(%x: !llvm.ptr<4>) -> i32 {
  %0 = "gas.dispatch"(%x) {access = "llvm.load", access_attrs = {alignment = 4 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 3, 1>]} : (!llvm.ptr<4>) -> i32
  %1 = "gas.dispatch"(%x) {access = "llvm.load", access_attrs = {alignment = 4 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 0, 3>]} : (!llvm.ptr<4>) -> i32
  %2 = llvm.add %0, %1 : i32
  llvm.return %2 : i32
}

// -----

llvm.func @atomics_keep_ordering_and_scope_in_every_case(%x: !llvm.ptr<4>, %v: i32) -> !llvm.struct<(i32, i1)> {
  %0 = "gas.dispatch"(%x, %v) {access = "llvm.atomicrmw", access_attrs = {bin_op = 1 : i64, ordering = 7 : i64, syncscope = "workgroup"}, operandSegmentSizes = array<i32: 1, 1, 0, 0>, spaces = [array<i32: 0, 3, 1>]} : (!llvm.ptr<4>, i32) -> i32
  %1 = "gas.dispatch"(%x, %v, %0) {access = "llvm.cmpxchg", access_attrs = {failure_ordering = 2 : i64, success_ordering = 6 : i64, weak}, operandSegmentSizes = array<i32: 1, 1, 1, 0>, spaces = [array<i32: 0, 3, 1>]} : (!llvm.ptr<4>, i32, i32) -> !llvm.struct<(i32, i1)>
  llvm.return %1 : !llvm.struct<(i32, i1)>
}

// -----

// Two generic addresses: a switch on the destination, and in each of its
// cases a switch on the source (nine copies).
llvm.func @memcpy_between_generic_pointers_switches_on_both(%x: !llvm.ptr<4>, %y: !llvm.ptr<4>, %n: i64) {
  "gas.dispatch"(%x, %y, %n) {access = "llvm.intr.memcpy", access_attrs = {isVolatile = false}, operandSegmentSizes = array<i32: 1, 1, 1, 0>, spaces = [array<i32: 0, 3, 1>, array<i32: 0, 3, 1>]} : (!llvm.ptr<4>, !llvm.ptr<4>, i64) -> ()
  llvm.return
}

// -----

// Only the generic side is resolved; the named side is passed through.
llvm.func @memcpy_with_one_generic_side(%l: !llvm.ptr<3>, %x: !llvm.ptr<4>, %n: i64, %b: i8) {
  "gas.dispatch"(%l, %x, %n) {access = "llvm.intr.memcpy", access_attrs = {isVolatile = false}, operandSegmentSizes = array<i32: 1, 1, 1, 0>, spaces = [array<i32: 1, 3>]} : (!llvm.ptr<3>, !llvm.ptr<4>, i64) -> ()
  "gas.dispatch"(%x, %b, %n) {access = "llvm.intr.memset", access_attrs = {isVolatile = true}, operandSegmentSizes = array<i32: 1, 1, 1, 0>, spaces = [array<i32: 0>]} : (!llvm.ptr<4>, i8, i64) -> ()
  llvm.return
}

// -----

// func.func bodies are lowered the same way.
func.func @dispatch_in_func_func(%x: !llvm.ptr<4>) -> i32 {
  %0 = "gas.dispatch"(%x) {access = "llvm.load", access_attrs = {alignment = 4 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 0, 3, 1>]} : (!llvm.ptr<4>) -> i32
  return %0 : i32
}
