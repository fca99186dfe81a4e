// gas-opt: --pipeline verify --split-input-file --verify-diagnostics
// Invalid IR, one case per rule of IRDL and of gas's own verifier (verify.rs);
// each error is checked for its message and its line.

llvm.func @tag_of_constant_pointer(%c: !llvm.ptr<2>) {
  // expected-error @+1 {{'gas.tag' op operand is a constant pointer: generic pointers cannot point to constant memory}}
  %0 = "gas.tag"(%c) : (!llvm.ptr<2>) -> !llvm.ptr<4>
  llvm.return
}

// -----

llvm.func @tag_result_not_generic(%l: !llvm.ptr<3>) {
  // expected-error @+1 {{'gas.tag' op result must be a generic pointer (address space 4), not global}}
  %0 = "gas.tag"(%l) : (!llvm.ptr<3>) -> !llvm.ptr<1>
  llvm.return
}

// -----

llvm.func @tag_of_generic_pointer(%g: !llvm.ptr<4>) {
  // expected-error @+1 {{'gas.tag' op operand must be a private, local or global pointer, not generic}}
  %0 = "gas.tag"(%g) : (!llvm.ptr<4>) -> !llvm.ptr<4>
  llvm.return
}

// -----

llvm.func @tag_of_unknown_address_space(%p: !llvm.ptr<7>) {
  // expected-error @+1 {{'gas.tag' op operand is in address space 7, which the target does not define}}
  %0 = "gas.tag"(%p) : (!llvm.ptr<7>) -> !llvm.ptr<4>
  llvm.return
}

// -----

llvm.func @untag_of_named_pointer(%l: !llvm.ptr<3>) {
  // expected-error @+1 {{'gas.untag' op operand must be a generic pointer (address space 4), not local}}
  %0 = "gas.untag"(%l) : (!llvm.ptr<3>) -> !llvm.ptr<1>
  llvm.return
}

// -----

llvm.func @untag_to_constant(%g: !llvm.ptr<4>) {
  // expected-error @+1 {{'gas.untag' op result is a constant pointer: generic pointers cannot point to constant memory}}
  %0 = "gas.untag"(%g) : (!llvm.ptr<4>) -> !llvm.ptr<2>
  llvm.return
}

// -----

llvm.func @to_named_to_generic(%g: !llvm.ptr<4>) {
  // expected-error @+1 {{'gas.to_named' op result must be a private, local or global pointer, not generic}}
  %0 = "gas.to_named"(%g) : (!llvm.ptr<4>) -> !llvm.ptr<4>
  llvm.return
}

// -----

llvm.func @tag_of_integer(%i: i64) {
  // expected-error @+1 {{expected base type 'llvm.ptr' but got 'builtin.integer'}}
  %0 = "gas.tag"(%i) : (i64) -> !llvm.ptr<4>
  llvm.return
}

// -----

llvm.func @tag_with_two_operands(%l: !llvm.ptr<3>) {
  // expected-error @+1 {{op expects exactly 1 operands, but got 2}}
  %0 = "gas.tag"(%l, %l) : (!llvm.ptr<3>, !llvm.ptr<3>) -> !llvm.ptr<4>
  llvm.return
}

// -----

llvm.func @unknown_gas_op() {
  // expected-error @+1 {{unregistered operation 'gas.frobnicate' found in dialect ('gas') that does not allow unknown operations}}
  "gas.frobnicate"() : () -> ()
  llvm.return
}

// -----

llvm.func @dispatch_of_non_memory_op(%g: !llvm.ptr<4>) {
  // expected-error @+1 {{'gas.dispatch' op `llvm.ptrtoint` is not a memory access gas knows}}
  %0 = "gas.dispatch"(%g) {access = "llvm.ptrtoint", access_attrs = {}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 0, 3, 1>]} : (!llvm.ptr<4>) -> i64
  llvm.return
}

// -----

llvm.func @dispatch_missing_spaces(%g: !llvm.ptr<4>) {
  // expected-error @+1 {{'gas.dispatch' op attribute "spaces" is expected but not provided}}
  %0 = "gas.dispatch"(%g) {access = "llvm.load", access_attrs = {alignment = 4 : i64, ordering = 0 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (!llvm.ptr<4>) -> i32
  llvm.return
}

// -----

llvm.func @dispatch_load_with_two_operands(%g: !llvm.ptr<4>) {
  // expected-error @+1 {{'gas.dispatch' op `llvm.load` takes 1 operand(s), the dispatch has 2}}
  %0 = "gas.dispatch"(%g, %g) {access = "llvm.load", access_attrs = {alignment = 4 : i64, ordering = 0 : i64}, operandSegmentSizes = array<i32: 1, 1, 0, 0>, spaces = [array<i32: 0, 3, 1>]} : (!llvm.ptr<4>, !llvm.ptr<4>) -> i32
  llvm.return
}

// -----

llvm.func @dispatch_store_with_result(%g: !llvm.ptr<4>, %v: i32) {
  // expected-error @+1 {{'gas.dispatch' op `llvm.store` has 0 result(s), the dispatch has 1}}
  %0 = "gas.dispatch"(%v, %g) {access = "llvm.store", access_attrs = {alignment = 4 : i64, ordering = 0 : i64}, operandSegmentSizes = array<i32: 1, 1, 0, 0>, spaces = [array<i32: 0, 3, 1>]} : (i32, !llvm.ptr<4>) -> i32
  llvm.return
}

// -----

llvm.func @dispatch_without_generic_address(%p: !llvm.ptr<1>) {
  // expected-error @+1 {{'gas.dispatch' op has no generic address to resolve: an address of `llvm.load` must be a generic pointer}}
  %0 = "gas.dispatch"(%p) {access = "llvm.load", access_attrs = {alignment = 4 : i64, ordering = 0 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = []} : (!llvm.ptr<1>) -> i32
  llvm.return
}

// -----

llvm.func @dispatch_spaces_entry_per_generic_address(%g: !llvm.ptr<4>, %h: !llvm.ptr<4>, %n: i64) {
  // expected-error @+1 {{'gas.dispatch' op `spaces` has 1 entry, one per generic address (2) is needed}}
  "gas.dispatch"(%g, %h, %n) {access = "llvm.intr.memcpy", access_attrs = {isVolatile = false}, operandSegmentSizes = array<i32: 1, 1, 1, 0>, spaces = [array<i32: 0, 3, 1>]} : (!llvm.ptr<4>, !llvm.ptr<4>, i64) -> ()
  llvm.return
}

// -----

llvm.func @dispatch_empty_spaces_entry(%g: !llvm.ptr<4>) {
  // expected-error @+1 {{'gas.dispatch' op `spaces` entry is empty: a generic address points somewhere}}
  %0 = "gas.dispatch"(%g) {access = "llvm.load", access_attrs = {alignment = 4 : i64, ordering = 0 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32>]} : (!llvm.ptr<4>) -> i32
  llvm.return
}

// -----

llvm.func @dispatch_to_constant_or_generic_space(%g: !llvm.ptr<4>) {
  // expected-error @+2 {{'gas.dispatch' op `spaces` may only hold private (0), local (3) and global (1), not 2}}
  // expected-error @+1 {{'gas.dispatch' op `spaces` may only hold private (0), local (3) and global (1), not 4}}
  %0 = "gas.dispatch"(%g) {access = "llvm.load", access_attrs = {alignment = 4 : i64, ordering = 0 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 2, 4>]} : (!llvm.ptr<4>) -> i32
  llvm.return
}

// -----

llvm.func @dispatch_space_named_twice(%g: !llvm.ptr<4>) {
  // expected-error @+1 {{'gas.dispatch' op `spaces` names global twice}}
  %0 = "gas.dispatch"(%g) {access = "llvm.load", access_attrs = {alignment = 4 : i64, ordering = 0 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 1, 1>]} : (!llvm.ptr<4>) -> i32
  llvm.return
}

// -----

llvm.func @dispatch_spaces_not_arrays(%g: !llvm.ptr<4>) {
  // expected-error @+1 {{'gas.dispatch' op each `spaces` entry must be an array<i32>}}
  %0 = "gas.dispatch"(%g) {access = "llvm.load", access_attrs = {alignment = 4 : i64, ordering = 0 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [0, 3, 1]} : (!llvm.ptr<4>) -> i32
  llvm.return
}

// -----

llvm.func @dispatch_access_with_wrong_result_type(%g: !llvm.ptr<4>, %v: i32) {
  // expected-error @+1 {{'gas.dispatch' op does not hold a valid `llvm.cmpxchg`: 'llvm.cmpxchg' op result #0 must be LLVM structure type, but got 'i32'}}
  %0 = "gas.dispatch"(%g, %v, %v) {access = "llvm.cmpxchg", access_attrs = {failure_ordering = 2 : i64, success_ordering = 6 : i64}, operandSegmentSizes = array<i32: 1, 1, 1, 0>, spaces = [array<i32: 0, 3, 1>]} : (!llvm.ptr<4>, i32, i32) -> i32
  llvm.return
}

// -----

llvm.func @dispatch_access_attribute_of_wrong_kind(%g: !llvm.ptr<4>) {
  // expected-error @+1 {{'gas.dispatch' op does not hold a valid `llvm.load`: 'llvm.load' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute}}
  %0 = "gas.dispatch"(%g) {access = "llvm.load", access_attrs = {alignment = "four", ordering = 0 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 0, 3, 1>]} : (!llvm.ptr<4>) -> i32
  llvm.return
}

// -----

llvm.func @async_copy_global_to_global(%a: !llvm.ptr<1>, %b: !llvm.ptr<1>, %n: i64) {
  %none = "gas.null_event"() : () -> !gas.event
  // expected-error @+1 {{'gas.async_copy_2d' op copies between local and global memory only, not from global to global}}
  %e = "gas.async_copy_2d"(%a, %n, %b, %n, %n, %n, %n, %n, %n, %none) : (!llvm.ptr<1>, i64, !llvm.ptr<1>, i64, i64, i64, i64, i64, i64, !gas.event) -> !gas.event
  llvm.return
}

// -----

llvm.func @async_copy_from_private(%l: !llvm.ptr<3>, %p: !llvm.ptr, %n: i64) {
  %none = "gas.null_event"() : () -> !gas.event
  // expected-error @+1 {{'gas.async_copy_2d' op copies between local and global memory only, not from private to local}}
  %e = "gas.async_copy_2d"(%l, %n, %p, %n, %n, %n, %n, %n, %n, %none) : (!llvm.ptr<3>, i64, !llvm.ptr, i64, i64, i64, i64, i64, i64, !gas.event) -> !gas.event
  llvm.return
}

// -----

llvm.func @async_copy_sizes_narrower_than_pointers(%l: !llvm.ptr<3>, %g: !llvm.ptr<1>, %n: i32) {
  %none = "gas.null_event"() : () -> !gas.event
  // expected-error @+1 {{'gas.async_copy_2d' op offsets, sizes and lengths must be i64 (the pointer width), not i32}}
  %e = "gas.async_copy_2d"(%l, %n, %g, %n, %n, %n, %n, %n, %n, %none) : (!llvm.ptr<3>, i32, !llvm.ptr<1>, i32, i32, i32, i32, i32, i32, !gas.event) -> !gas.event
  llvm.return
}

// -----

llvm.func @async_copy_sizes_of_mixed_types(%l: !llvm.ptr<3>, %g: !llvm.ptr<1>, %n: i64, %m: i32) {
  %none = "gas.null_event"() : () -> !gas.event
  // expected-error @+1 {{expected 'i64' but got 'i32'}}
  %e = "gas.async_copy_2d"(%l, %n, %g, %n, %n, %n, %n, %m, %n, %none) : (!llvm.ptr<3>, i64, !llvm.ptr<1>, i64, i64, i64, i64, i32, i64, !gas.event) -> !gas.event
  llvm.return
}

// -----

llvm.func @async_copy_2d_overlapping_lines(%l: !llvm.ptr<3>, %g: !llvm.ptr<1>, %n: i64) {
  %elements = llvm.mlir.constant(8 : i64) : i64
  %short = llvm.mlir.constant(7 : i64) : i64
  %none = "gas.null_event"() : () -> !gas.event
  // expected-error @+1 {{'gas.async_copy_2d' op source lines overlap: line length 7 is less than 8 elements per line}}
  %e = "gas.async_copy_2d"(%l, %n, %g, %n, %n, %elements, %n, %short, %elements, %none) : (!llvm.ptr<3>, i64, !llvm.ptr<1>, i64, i64, i64, i64, i64, i64, !gas.event) -> !gas.event
  // expected-error @+1 {{'gas.async_copy_2d' op destination lines overlap: line length 7 is less than 8 elements per line}}
  %f = "gas.async_copy_2d"(%g, %n, %l, %n, %n, %elements, %n, %elements, %short, %e) : (!llvm.ptr<1>, i64, !llvm.ptr<3>, i64, i64, i64, i64, i64, i64, !gas.event) -> !gas.event
  llvm.return
}

// -----

llvm.func @async_copy_3d_overlapping_planes(%l: !llvm.ptr<3>, %g: !llvm.ptr<1>, %n: i64) {
  %line = llvm.mlir.constant(4 : i64) : i64
  %lines = llvm.mlir.constant(3 : i64) : i64
  %small = llvm.mlir.constant(11 : i64) : i64
  %exact = arith.constant 12 : i64
  %none = "gas.null_event"() : () -> !gas.event
  // expected-error @+1 {{'gas.async_copy_3d' op source planes overlap: plane area 11 is less than 3 lines of length 4}}
  %e = "gas.async_copy_3d"(%l, %n, %g, %n, %n, %line, %lines, %n, %line, %small, %line, %exact, %none) : (!llvm.ptr<3>, i64, !llvm.ptr<1>, i64, i64, i64, i64, i64, i64, i64, i64, i64, !gas.event) -> !gas.event
  llvm.return
}

// -----

// An inherent attribute out of its range must be diagnosed, not crash.
llvm.func @dispatch_atomic_ordering_out_of_range(%g: !llvm.ptr<4>) {
  // expected-error @+1 {{'gas.dispatch' op does not hold a valid `llvm.load`: 'llvm.load' op attribute 'ordering' failed to satisfy constraint: Atomic ordering for LLVM's memory model}}
  %0 = "gas.dispatch"(%g) {access = "llvm.load", access_attrs = {alignment = 4 : i64, ordering = 100 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 0, 3, 1>]} : (!llvm.ptr<4>) -> i32
  llvm.return
}

// -----

llvm.func @dispatch_rmw_operation_out_of_range(%g: !llvm.ptr<4>, %v: i32) {
  // expected-error @+1 {{'gas.dispatch' op does not hold a valid `llvm.atomicrmw`: 'llvm.atomicrmw' op attribute 'bin_op' failed to satisfy constraint: llvm.atomicrmw binary operations}}
  %0 = "gas.dispatch"(%g, %v) {access = "llvm.atomicrmw", access_attrs = {bin_op = 99 : i64, ordering = 2 : i64}, operandSegmentSizes = array<i32: 1, 1, 0, 0>, spaces = [array<i32: 0, 3, 1>]} : (!llvm.ptr<4>, i32) -> i32
  llvm.return
}

// -----

llvm.func @wait_on_a_pointer(%p: !llvm.ptr<1>) {
  // expected-error @+1 {{expected base type 'gas.event' but got 'llvm.ptr'}}
  "gas.wait_events"(%p) : (!llvm.ptr<1>) -> ()
  llvm.return
}

// -----

llvm.func @parse_error(%p: !llvm.ptr<1>) {
  // expected-error @+1 {{expected non-function type}}
  %0 = "gas.tag"(%p) : (!llvm.ptr<1>) -> 
  llvm.return
}
