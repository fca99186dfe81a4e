// gas-opt: --pipeline verify --split-input-file
// Valid IR for every gas op: parses, verifies (MLIR and gas rules) and prints back.

llvm.func @tag_every_named_space(%private: !llvm.ptr, %local: !llvm.ptr<3>, %global: !llvm.ptr<1>) {
  %0 = "gas.tag"(%private) : (!llvm.ptr) -> !llvm.ptr<4>
  %1 = "gas.tag"(%local) : (!llvm.ptr<3>) -> !llvm.ptr<4>
  %2 = "gas.tag"(%global) : (!llvm.ptr<1>) -> !llvm.ptr<4>
  llvm.return
}

// -----

llvm.func @untag_to_every_named_space(%generic: !llvm.ptr<4>) {
  %0 = "gas.untag"(%generic) : (!llvm.ptr<4>) -> !llvm.ptr
  %1 = "gas.untag"(%generic) : (!llvm.ptr<4>) -> !llvm.ptr<3>
  %2 = "gas.untag"(%generic) : (!llvm.ptr<4>) -> !llvm.ptr<1>
  llvm.return
}

// -----

llvm.func @to_named_every_space(%generic: !llvm.ptr<4>) {
  %0 = "gas.to_named"(%generic) : (!llvm.ptr<4>) -> !llvm.ptr
  %1 = "gas.to_named"(%generic) : (!llvm.ptr<4>) -> !llvm.ptr<3>
  %2 = "gas.to_named"(%generic) : (!llvm.ptr<4>) -> !llvm.ptr<1>
  llvm.return
}

// -----

// The attributes of each access are kept verbatim, inherent ones included.
llvm.func @dispatch_load_and_store(%g: !llvm.ptr<4>, %v: i32) -> i32 {
  %0 = "gas.dispatch"(%g) {access = "llvm.load", access_attrs = {alignment = 8 : i64, nontemporal, ordering = 0 : i64, volatile_}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 0, 3, 1>]} : (!llvm.ptr<4>) -> i32
  %1 = "gas.dispatch"(%g) {access = "llvm.load", access_attrs = {alignment = 4 : i64, ordering = 4 : i64, syncscope = "workgroup"}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 3, 1>]} : (!llvm.ptr<4>) -> i32
  "gas.dispatch"(%v, %g) {access = "llvm.store", access_attrs = {alignment = 4 : i64, ordering = 5 : i64, volatile_}, operandSegmentSizes = array<i32: 1, 1, 0, 0>, spaces = [array<i32: 1>]} : (i32, !llvm.ptr<4>) -> ()
  llvm.return %0 : i32
}

// -----

llvm.func @dispatch_atomics(%g: !llvm.ptr<4>, %v: i32) {
  %0 = "gas.dispatch"(%g, %v) {access = "llvm.atomicrmw", access_attrs = {alignment = 4 : i64, bin_op = 9 : i64, ordering = 2 : i64, syncscope = "workgroup", volatile_}, operandSegmentSizes = array<i32: 1, 1, 0, 0>, spaces = [array<i32: 0, 3, 1>]} : (!llvm.ptr<4>, i32) -> i32
  %1 = "gas.dispatch"(%g, %v, %v) {access = "llvm.cmpxchg", access_attrs = {alignment = 4 : i64, failure_ordering = 7 : i64, success_ordering = 7 : i64, syncscope = "workgroup", volatile_, weak}, operandSegmentSizes = array<i32: 1, 1, 1, 0>, spaces = [array<i32: 0, 3, 1>]} : (!llvm.ptr<4>, i32, i32) -> !llvm.struct<(i32, i1)>
  llvm.return
}

// -----

// One `spaces` entry per generic address: two for a copy between generic
// pointers, one when the other side is named.
llvm.func @dispatch_memory_intrinsics(%g: !llvm.ptr<4>, %h: !llvm.ptr<4>, %l: !llvm.ptr<3>, %n: i64, %b: i8) {
  "gas.dispatch"(%g, %h, %n) {access = "llvm.intr.memcpy", access_attrs = {isVolatile = false}, operandSegmentSizes = array<i32: 1, 1, 1, 0>, spaces = [array<i32: 0, 3, 1>, array<i32: 3>]} : (!llvm.ptr<4>, !llvm.ptr<4>, i64) -> ()
  "gas.dispatch"(%g, %l, %n) {access = "llvm.intr.memcpy", access_attrs = {isVolatile = true}, operandSegmentSizes = array<i32: 1, 1, 1, 0>, spaces = [array<i32: 0, 3, 1>]} : (!llvm.ptr<4>, !llvm.ptr<3>, i64) -> ()
  "gas.dispatch"(%l, %g, %n) {access = "llvm.intr.memmove", access_attrs = {isVolatile = false}, operandSegmentSizes = array<i32: 1, 1, 1, 0>, spaces = [array<i32: 0, 1>]} : (!llvm.ptr<3>, !llvm.ptr<4>, i64) -> ()
  "gas.dispatch"(%g, %b, %n) {access = "llvm.intr.memset", access_attrs = {isVolatile = false}, operandSegmentSizes = array<i32: 1, 1, 1, 0>, spaces = [array<i32: 0, 3, 1>]} : (!llvm.ptr<4>, i8, i64) -> ()
  "gas.dispatch"(%g, %h) {access = "llvm.intr.memcpy.inline", access_attrs = {isVolatile = false, len = 16 : i64}, operandSegmentSizes = array<i32: 1, 1, 0, 0>, spaces = [array<i32: 1>, array<i32: 1>]} : (!llvm.ptr<4>, !llvm.ptr<4>) -> ()
  "gas.dispatch"(%g, %b) {access = "llvm.intr.memset.inline", access_attrs = {isVolatile = false, len = 16 : i64}, operandSegmentSizes = array<i32: 1, 1, 0, 0>, spaces = [array<i32: 0, 3, 1>]} : (!llvm.ptr<4>, i8) -> ()
  llvm.return
}

// -----

llvm.func @async_copy_2d_both_directions(%local: !llvm.ptr<3>, %global: !llvm.ptr<1>, %n: i64) {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %four = llvm.mlir.constant(4 : i64) : i64
  %lines = llvm.mlir.constant(8 : i64) : i64
  %stride = llvm.mlir.constant(16 : i64) : i64
  %none = "gas.null_event"() : () -> !gas.event
  %in = "gas.async_copy_2d"(%local, %zero, %global, %n, %four, %four, %lines, %stride, %four, %none) : (!llvm.ptr<3>, i64, !llvm.ptr<1>, i64, i64, i64, i64, i64, i64, !gas.event) -> !gas.event
  %out = "gas.async_copy_2d"(%global, %n, %local, %zero, %four, %four, %lines, %four, %stride, %in) : (!llvm.ptr<1>, i64, !llvm.ptr<3>, i64, i64, i64, i64, i64, i64, !gas.event) -> !gas.event
  "gas.wait_events"(%in, %out) : (!gas.event, !gas.event) -> ()
  llvm.return
}

// -----

// Lengths that are not constants cannot be checked for overlap and are accepted.
llvm.func @async_copy_3d_with_run_time_lengths(%local: !llvm.ptr<3>, %global: !llvm.ptr<1>, %n: i64) {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %line = llvm.mlir.constant(4 : i64) : i64
  %lines = llvm.mlir.constant(2 : i64) : i64
  %area = llvm.mlir.constant(8 : i64) : i64
  %none = "gas.null_event"() : () -> !gas.event
  %e = "gas.async_copy_3d"(%local, %zero, %global, %zero, %line, %line, %lines, %n, %n, %n, %line, %area, %none) : (!llvm.ptr<3>, i64, !llvm.ptr<1>, i64, i64, i64, i64, i64, i64, i64, i64, i64, !gas.event) -> !gas.event
  "gas.wait_events"(%e) : (!gas.event) -> ()
  llvm.return
}

// -----

llvm.func @wait_on_no_events() {
  "gas.wait_events"() : () -> ()
  llvm.return
}

// -----

// gas ops live in func.func as well as llvm.func.
func.func @ops_in_func_func(%local: !llvm.ptr<3>) -> i32 {
  %g = "gas.tag"(%local) : (!llvm.ptr<3>) -> !llvm.ptr<4>
  %v = "gas.dispatch"(%g) {access = "llvm.load", access_attrs = {alignment = 4 : i64, ordering = 0 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 3>]} : (!llvm.ptr<4>) -> i32
  return %v : i32
}
