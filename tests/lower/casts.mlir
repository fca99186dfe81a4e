// gas-opt: --pipeline lower --split-input-file
// gas.tag, gas.untag and gas.to_named as integer operations on the pointer
// bits: tag in bits 61..63 (private 001, local 010, global unchanged).

// A pointer that may be null keeps null: the tagged bits are selected only
// when the pointer's bits are not 0.
llvm.func @tag_private_and_local_keep_null(%p: !llvm.ptr, %l: !llvm.ptr<3>) -> !llvm.ptr<4> {
  %0 = "gas.tag"(%p) : (!llvm.ptr) -> !llvm.ptr<4>
  %1 = "gas.tag"(%l) : (!llvm.ptr<3>) -> !llvm.ptr<4>
  llvm.return %1 : !llvm.ptr<4>
}

// -----

// A global pointer's tag is its canonical upper bits: the cast alone.
llvm.func @tag_global_is_a_plain_cast(%g: !llvm.ptr<1>) -> !llvm.ptr<4> {
  %0 = "gas.tag"(%g) : (!llvm.ptr<1>) -> !llvm.ptr<4>
  llvm.return %0 : !llvm.ptr<4>
}

// -----

// Allocas, addresses of globals and inbounds GEPs of them cannot be null:
// no null check.
llvm.mlir.global internal @shared(0 : i32) {addr_space = 3 : i32} : i32

llvm.func @tag_of_non_null_pointers_skips_the_null_check(%i: i64) -> !llvm.ptr<4> {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %0 = "gas.tag"(%a) : (!llvm.ptr) -> !llvm.ptr<4>
  %s = llvm.mlir.addressof @shared : !llvm.ptr<3>
  %e = llvm.getelementptr inbounds %s[%i] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i32
  %1 = "gas.tag"(%e) : (!llvm.ptr<3>) -> !llvm.ptr<4>
  llvm.return %1 : !llvm.ptr<4>
}

// -----

// A GEP without inbounds may wrap to null: the check stays.
llvm.func @negative_tag_of_wrapping_gep_keeps_the_null_check(%i: i64) -> !llvm.ptr<4> {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %e = llvm.getelementptr %a[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  %0 = "gas.tag"(%e) : (!llvm.ptr) -> !llvm.ptr<4>
  llvm.return %0 : !llvm.ptr<4>
}

// -----

llvm.func @tag_of_null_is_generic_null() -> !llvm.ptr<4> {
  %null = llvm.mlir.zero : !llvm.ptr<3>
  %0 = "gas.tag"(%null) : (!llvm.ptr<3>) -> !llvm.ptr<4>
  llvm.return %0 : !llvm.ptr<4>
}

// -----

// Private and local: shl 4 / ashr 4 restores the canonical upper bits.
// Global carries no tag: a plain cast.
llvm.func @untag_restores_canonical_form(%x: !llvm.ptr<4>) -> !llvm.ptr<1> {
  %0 = "gas.untag"(%x) : (!llvm.ptr<4>) -> !llvm.ptr
  %1 = "gas.untag"(%x) : (!llvm.ptr<4>) -> !llvm.ptr<3>
  %2 = "gas.untag"(%x) : (!llvm.ptr<4>) -> !llvm.ptr<1>
  llvm.return %2 : !llvm.ptr<1>
}

// -----

// The pointer when the tag (lshr 61) matches, else null.
llvm.func @to_private_and_to_local_compare_the_tag(%x: !llvm.ptr<4>) -> !llvm.ptr<3> {
  %0 = "gas.to_named"(%x) : (!llvm.ptr<4>) -> !llvm.ptr
  %1 = "gas.to_named"(%x) : (!llvm.ptr<4>) -> !llvm.ptr<3>
  llvm.return %1 : !llvm.ptr<3>
}

// -----

// A global pointer in the upper canonical half has tag 111: it is global too.
llvm.func @to_global_accepts_tags_000_and_111(%x: !llvm.ptr<4>) -> !llvm.ptr<1> {
  %0 = "gas.to_named"(%x) : (!llvm.ptr<4>) -> !llvm.ptr<1>
  llvm.return %0 : !llvm.ptr<1>
}

// -----

// A cast between named spaces through generic (with private memory in the
// global buffer, a private pointer is a global one): the tag set and cleared
// again would leave the bits as they were, so they are reinterpreted, with
// no and/or/shl/ashr. The same-space untag is the pointer itself.
llvm.func @untag_of_tag_across_spaces_reinterprets_bits(%p: !llvm.ptr, %l: !llvm.ptr<3>) -> !llvm.ptr<1> attributes {gas.private_in_global, gas.tags_preserved} {
  %0 = "gas.tag"(%p) : (!llvm.ptr) -> !llvm.ptr<4>
  %1 = "gas.untag"(%0) : (!llvm.ptr<4>) -> !llvm.ptr<1>
  %2 = "gas.tag"(%l) : (!llvm.ptr<3>) -> !llvm.ptr<4>
  %3 = "gas.untag"(%2) : (!llvm.ptr<4>) -> !llvm.ptr
  %4 = "gas.untag"(%2) : (!llvm.ptr<4>) -> !llvm.ptr<3>
  llvm.store %3, %4 : !llvm.ptr, !llvm.ptr<3>
  llvm.return %1 : !llvm.ptr<1>
}

// -----

// Private memory in the global buffer without preserved tags: private
// pointers made generic carry no tag, so a cast back to private (and a
// private access) clears none; local still does. With tags preserved the
// private cast clears as usual.
llvm.func @untagged_private_needs_no_clear(%x: !llvm.ptr<4>) -> i32 attributes {gas.private_in_global} {
  %0 = "gas.untag"(%x) : (!llvm.ptr<4>) -> !llvm.ptr
  %1 = "gas.untag"(%x) : (!llvm.ptr<4>) -> !llvm.ptr<3>
  %2 = "gas.dispatch"(%x) {access = "llvm.load", access_attrs = {alignment = 4 : i64, ordering = 0 : i64}, spaces = [array<i32: 0>], operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (!llvm.ptr<4>) -> i32
  llvm.store %2, %0 : i32, !llvm.ptr
  llvm.store %2, %1 : i32, !llvm.ptr<3>
  llvm.return %2 : i32
}

llvm.func @negative_preserved_private_tags_are_cleared(%x: !llvm.ptr<4>) -> !llvm.ptr attributes {gas.private_in_global, gas.tags_preserved} {
  %0 = "gas.untag"(%x) : (!llvm.ptr<4>) -> !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
