// gas-opt: --pipeline lower --split-input-file --verify-diagnostics
// Ops lower cannot handle yet are reported at their location and the step
// fails: there is no conversion framework to leave them silently behind.

// Async copies are lowered by a later issue (work-group distribution).
llvm.func @negative_async_copy_is_reported_not_dropped(%local: !llvm.ptr<3>, %global: !llvm.ptr<1>, %n: i64) {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %four = llvm.mlir.constant(4 : i64) : i64
  // expected-error @+1 {{'gas.null_event' op was not lowered to the LLVM dialect}}
  %none = "gas.null_event"() : () -> !gas.event
  // expected-error @+1 {{'gas.async_copy_2d' op was not lowered to the LLVM dialect}}
  %in = "gas.async_copy_2d"(%local, %zero, %global, %n, %four, %four, %four, %four, %four, %none) : (!llvm.ptr<3>, i64, !llvm.ptr<1>, i64, i64, i64, i64, i64, i64, !gas.event) -> !gas.event
  // expected-error @+1 {{'gas.wait_events' op was not lowered to the LLVM dialect}}
  "gas.wait_events"(%in) : (!gas.event) -> ()
  llvm.return
}

// -----

// The other gas ops of the function are still lowered (no partial output is
// printed, but the error names only what is left).
llvm.func @negative_only_the_leftover_is_reported(%x: !llvm.ptr<4>) -> i32 {
  %0 = "gas.dispatch"(%x) {access = "llvm.load", access_attrs = {alignment = 4 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 0, 3, 1>]} : (!llvm.ptr<4>) -> i32
  // expected-error @+1 {{'gas.null_event' op was not lowered to the LLVM dialect}}
  %none = "gas.null_event"() : () -> !gas.event
  llvm.return %0 : i32
}
