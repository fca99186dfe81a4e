// gas-opt: --pipeline lower --split-input-file
// How lower honours the kernel-wide decisions recorded on functions.

// Private memory in the global buffer, tags not preserved: a private pointer
// made generic gets no tag (it is a valid global pointer); the decision is
// exported as an LLVM function attribute for the backend.
llvm.func @private_in_global_tags_nothing(%p: !llvm.ptr) -> !llvm.ptr<4> attributes {gas.private_in_global} {
  %0 = "gas.tag"(%p) : (!llvm.ptr) -> !llvm.ptr<4>
  llvm.return %0 : !llvm.ptr<4>
}

// -----

// Tags preserved: private pointers keep 001, and every cast back to global,
// including a dispatch's global case, clears the tag with shl/ashr.
llvm.func @tags_preserved_clear_on_global_casts(%p: !llvm.ptr, %x: !llvm.ptr<4>) -> i32 attributes {gas.private_in_global, gas.tags_preserved} {
  %0 = "gas.tag"(%p) : (!llvm.ptr) -> !llvm.ptr<4>
  %1 = "gas.untag"(%x) : (!llvm.ptr<4>) -> !llvm.ptr<1>
  %2 = "gas.dispatch"(%0) {access = "llvm.load", access_attrs = {alignment = 4 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 1>]} : (!llvm.ptr<4>) -> i32
  llvm.return %2 : i32
}

// -----

// Without the attributes: the plain lowering (tag set, global a plain cast).
llvm.func @negative_no_decisions(%p: !llvm.ptr, %x: !llvm.ptr<4>) -> !llvm.ptr<1> {
  %0 = "gas.tag"(%p) : (!llvm.ptr) -> !llvm.ptr<4>
  %1 = "gas.untag"(%x) : (!llvm.ptr<4>) -> !llvm.ptr<1>
  llvm.return %1 : !llvm.ptr<1>
}

// -----

// Tags preserved, but propagate proved the addresses global by provenance
// (gas.global_by_provenance): no private tag can reach them, so the global
// access and the cast to global are plain casts, no shl/ashr.
llvm.func @global_by_provenance_clears_nothing(%x: !llvm.ptr<4>, %y: !llvm.ptr<4>) -> i32 attributes {gas.private_in_global, gas.tags_preserved} {
  %0 = "gas.untag"(%x) {gas.global_by_provenance} : (!llvm.ptr<4>) -> !llvm.ptr<1>
  %1 = "gas.dispatch"(%y) {access = "llvm.load", access_attrs = {alignment = 4 : i64}, gas.global_by_provenance, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 1>]} : (!llvm.ptr<4>) -> i32
  llvm.store %1, %0 : i32, !llvm.ptr<1>
  llvm.return %1 : i32
}

// -----

// The mark on a dispatch that still has another case than global is not
// read: its global case may take private pointers (private in the global
// buffer) and clears the tag.
llvm.func @negative_global_by_provenance_with_other_cases_still_clears(%y: !llvm.ptr<4>) -> i32 attributes {gas.private_in_global, gas.tags_preserved} {
  %0 = "gas.dispatch"(%y) {access = "llvm.load", access_attrs = {alignment = 4 : i64}, gas.global_by_provenance, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 3, 1>]} : (!llvm.ptr<4>) -> i32
  llvm.return %0 : i32
}
