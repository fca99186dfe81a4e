// gas-opt: --pipeline async-copy-simplify --split-input-file
// Fewer dimensions, the same bytes: element (p, l, e) keeps its address
// p*area + l*length + e on both sides.

func.func @three_d_with_one_plane_is_two_d(%l: !llvm.ptr<3>, %g: !llvm.ptr<1>, %off: i64) -> !gas.event {
  %one = llvm.mlir.constant(1 : i64) : i64
  %four = llvm.mlir.constant(4 : i64) : i64
  %seven = llvm.mlir.constant(7 : i64) : i64
  %nine = llvm.mlir.constant(9 : i64) : i64
  %big = llvm.mlir.constant(100 : i64) : i64
  %none = "gas.null_event"() : () -> !gas.event
  %e = "gas.async_copy_3d"(%l, %off, %g, %off, %four, %seven, %four, %one, %nine, %big, %seven, %big, %none) : (!llvm.ptr<3>, i64, !llvm.ptr<1>, i64, i64, i64, i64, i64, i64, i64, i64, i64, !gas.event) -> !gas.event
  return %e : !gas.event
}

// -----

// Planes contiguous on both sides (area = lines * length): one 2D copy of
// planes * lines lines, line lengths kept (not contiguous: 9 and 8 > 7).
func.func @three_d_with_contiguous_planes_is_two_d(%l: !llvm.ptr<3>, %g: !llvm.ptr<1>) -> !gas.event {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %two = llvm.mlir.constant(2 : i64) : i64
  %three = llvm.mlir.constant(3 : i64) : i64
  %seven = llvm.mlir.constant(7 : i64) : i64
  %nine = llvm.mlir.constant(9 : i64) : i64
  %eight = llvm.mlir.constant(8 : i64) : i64
  %src_area = llvm.mlir.constant(27 : i64) : i64
  %dst_area = llvm.mlir.constant(24 : i64) : i64
  %none = "gas.null_event"() : () -> !gas.event
  %e = "gas.async_copy_3d"(%g, %zero, %l, %zero, %two, %seven, %three, %two, %nine, %src_area, %eight, %dst_area, %none) : (!llvm.ptr<1>, i64, !llvm.ptr<3>, i64, i64, i64, i64, i64, i64, i64, i64, i64, !gas.event) -> !gas.event
  return %e : !gas.event
}

// -----

// Contiguous planes and contiguous lines: one line of planes*lines*elements.
func.func @fully_contiguous_three_d_is_one_line(%l: !llvm.ptr<3>, %g: !llvm.ptr<1>, %bpe: i64) -> !gas.event {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %two = llvm.mlir.constant(2 : i64) : i64
  %three = llvm.mlir.constant(3 : i64) : i64
  %five = llvm.mlir.constant(5 : i64) : i64
  %area = llvm.mlir.constant(15 : i64) : i64
  %none = "gas.null_event"() : () -> !gas.event
  %e = "gas.async_copy_3d"(%l, %zero, %g, %zero, %bpe, %five, %three, %two, %five, %area, %five, %area, %none) : (!llvm.ptr<3>, i64, !llvm.ptr<1>, i64, i64, i64, i64, i64, i64, i64, i64, i64, !gas.event) -> !gas.event
  return %e : !gas.event
}

// -----

// One line: the line lengths do not matter; they become the element count.
func.func @two_d_with_one_line_has_plain_line_lengths(%l: !llvm.ptr<3>, %g: !llvm.ptr<1>) -> !gas.event {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %one = llvm.mlir.constant(1 : i64) : i64
  %six = llvm.mlir.constant(6 : i64) : i64
  %far = llvm.mlir.constant(1000 : i64) : i64
  %none = "gas.null_event"() : () -> !gas.event
  %e = "gas.async_copy_2d"(%l, %zero, %g, %zero, %one, %six, %one, %far, %far, %none) : (!llvm.ptr<3>, i64, !llvm.ptr<1>, i64, i64, i64, i64, i64, i64, !gas.event) -> !gas.event
  return %e : !gas.event
}

// -----

// Gaps on one side only: the lines cannot merge.
func.func @negative_two_d_with_a_gap_on_one_side(%l: !llvm.ptr<3>, %g: !llvm.ptr<1>) -> !gas.event {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %four = llvm.mlir.constant(4 : i64) : i64
  %six = llvm.mlir.constant(6 : i64) : i64
  %eight = llvm.mlir.constant(8 : i64) : i64
  %none = "gas.null_event"() : () -> !gas.event
  %e = "gas.async_copy_2d"(%l, %zero, %g, %zero, %four, %six, %four, %six, %eight, %none) : (!llvm.ptr<3>, i64, !llvm.ptr<1>, i64, i64, i64, i64, i64, i64, !gas.event) -> !gas.event
  return %e : !gas.event
}

// -----

// Sizes known only at run time: nothing is proven, nothing changes.
func.func @negative_run_time_sizes(%l: !llvm.ptr<3>, %g: !llvm.ptr<1>, %n: i64, %lines: i64) -> !gas.event {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %one = llvm.mlir.constant(1 : i64) : i64
  %none = "gas.null_event"() : () -> !gas.event
  %e = "gas.async_copy_3d"(%l, %zero, %g, %zero, %one, %n, %lines, %n, %n, %n, %n, %n, %none) : (!llvm.ptr<3>, i64, !llvm.ptr<1>, i64, i64, i64, i64, i64, i64, i64, i64, i64, !gas.event) -> !gas.event
  return %e : !gas.event
}
