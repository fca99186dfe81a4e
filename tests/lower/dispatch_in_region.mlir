// gas-opt: --pipeline lower --split-input-file
// A dispatch inside another op's region (an `scf.if`, as builtin-calls
// makes with --builtins named): lower leaves that switch to MLIR's
// conversions, which must still produce LLVM blocks only (no `scf`, `cf` or
// `arith` op left), while a switch directly in the function becomes blocks
// by lower itself.

llvm.func @switch_in_scf_if_goes_through_the_conversions(%c: i1, %x: !llvm.ptr<4>) -> i32 {
  %r = scf.if %c -> i32 {
    %0 = "gas.dispatch"(%x) {access = "llvm.load", access_attrs = {alignment = 4 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 3, 1>]} : (!llvm.ptr<4>) -> i32
    scf.yield %0 : i32
  } else {
    %zero = llvm.mlir.constant(0 : i32) : i32
    scf.yield %zero : i32
  }
  %1 = "gas.dispatch"(%x) {access = "llvm.load", access_attrs = {alignment = 4 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 3, 1>]} : (!llvm.ptr<4>) -> i32
  %s = llvm.add %r, %1 : i32
  llvm.return %s : i32
}
