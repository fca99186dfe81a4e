// gas-opt: --pipeline lower --split-input-file
// Async copies distributed over the work-group: element i of the copy goes
// to work-item i mod n (linear local id from get_local_id/get_local_size),
// each element a byte-exact memcpy of bytes_per_element bytes; the copy's
// event is the one it was given; a wait is a barrier over local and global
// memory (flags 3).

llvm.func @two_d_copy_then_wait(%l: !llvm.ptr<3>, %g: !llvm.ptr<1>, %off: i64, %bpe: i64) {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %three = llvm.mlir.constant(3 : i64) : i64
  %two = llvm.mlir.constant(2 : i64) : i64
  %five = llvm.mlir.constant(5 : i64) : i64
  %none = "gas.null_event"() : () -> !gas.event
  %e = "gas.async_copy_2d"(%l, %zero, %g, %off, %bpe, %three, %two, %five, %three, %none) : (!llvm.ptr<3>, i64, !llvm.ptr<1>, i64, i64, i64, i64, i64, i64, !gas.event) -> !gas.event
  "gas.wait_events"(%e) : (!gas.event) -> ()
  llvm.return
}

// -----

// Chained events: the second copy takes the first one's event; one wait.
llvm.func @three_d_copy_chained(%l: !llvm.ptr<3>, %g: !llvm.ptr<1>, %n: i64) {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %one = llvm.mlir.constant(1 : i64) : i64
  %two = llvm.mlir.constant(2 : i64) : i64
  %eight = llvm.mlir.constant(8 : i64) : i64
  %area = llvm.mlir.constant(20 : i64) : i64
  %none = "gas.null_event"() : () -> !gas.event
  %e = "gas.async_copy_3d"(%g, %n, %l, %zero, %one, %two, %two, %two, %eight, %area, %eight, %area, %none) : (!llvm.ptr<1>, i64, !llvm.ptr<3>, i64, i64, i64, i64, i64, i64, i64, i64, i64, !gas.event) -> !gas.event
  %f = "gas.async_copy_2d"(%l, %zero, %g, %n, %one, %two, %two, %eight, %eight, %e) : (!llvm.ptr<3>, i64, !llvm.ptr<1>, i64, i64, i64, i64, i64, i64, !gas.event) -> !gas.event
  "gas.wait_events"(%f) : (!gas.event) -> ()
  llvm.return
}
