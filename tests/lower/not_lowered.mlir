// gas-opt: --pipeline lower --split-input-file --verify-diagnostics
// What lower cannot follow is reported at its location and the step fails:
// there is no conversion framework to leave it silently behind. Events carry
// no data and are followed only between gas ops (and raise's casts).

func.func @negative_event_through_a_block_argument(%c: i1) {
  %none = "gas.null_event"() : () -> !gas.event
  // expected-error @+1 {{'cf.cond_br' op carries a gas event: lower follows events only between gas copies, waits and null events}}
  cf.cond_br %c, ^a(%none : !gas.event), ^a(%none : !gas.event)
^a(%e: !gas.event):
  "gas.wait_events"(%e) : (!gas.event) -> ()
  return
}

// -----

func.func @negative_event_returned(%l: !llvm.ptr<3>, %g: !llvm.ptr<1>) -> !gas.event {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %four = llvm.mlir.constant(4 : i64) : i64
  %none = "gas.null_event"() : () -> !gas.event
  %e = "gas.async_copy_2d"(%l, %zero, %g, %zero, %four, %four, %four, %four, %four, %none) : (!llvm.ptr<3>, i64, !llvm.ptr<1>, i64, i64, i64, i64, i64, i64, !gas.event) -> !gas.event
  // expected-error @+1 {{'func.return' op carries a gas event: lower follows events only between gas copies, waits and null events}}
  return %e : !gas.event
}

// -----

// A gas op outside every function: MLIR schedules no nested pass on it, so
// lower visits it itself, and reports it.
// expected-error @+1 {{'gas.null_event' op was not lowered to the LLVM dialect}}
%none = "gas.null_event"() : () -> !gas.event
llvm.func @negative_gas_op_at_module_level() {
  llvm.return
}
