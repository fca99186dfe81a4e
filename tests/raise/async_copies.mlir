// gas-opt: --pipeline raise --split-input-file
// clang's async-copy builtins become gas copies; SPIR events cross into gas
// events with unrealized casts on both sides; wait_group_events is a wait.

llvm.func spir_funccc @_Z26async_work_group_copy_2D2DPU3AS3vmPU3AS1Kvmmmmmm9ocl_event(!llvm.ptr<3>, i64, !llvm.ptr<1>, i64, i64, i64, i64, i64, i64, !llvm.target<"spirv.Event">) -> !llvm.target<"spirv.Event">
llvm.func spir_funccc @_Z26async_work_group_copy_3D3DPU3AS1vmPU3AS3Kvmmmmmmmmm9ocl_event(!llvm.ptr<1>, i64, !llvm.ptr<3>, i64, i64, i64, i64, i64, i64, i64, i64, i64, !llvm.target<"spirv.Event">) -> !llvm.target<"spirv.Event">
llvm.func spir_funccc @_Z17wait_group_eventsiPU3AS49ocl_event(i32, !llvm.ptr<4>)

llvm.func @extended_copies_and_their_wait(%l: !llvm.ptr<3>, %g: !llvm.ptr<1>, %n: i64, %list: !llvm.ptr<4>) {
  %none = llvm.mlir.zero : !llvm.target<"spirv.Event">
  %two = llvm.mlir.constant(2 : i32) : i32
  %e = llvm.call spir_funccc @_Z26async_work_group_copy_2D2DPU3AS3vmPU3AS1Kvmmmmmm9ocl_event(%l, %n, %g, %n, %n, %n, %n, %n, %n, %none) : (!llvm.ptr<3>, i64, !llvm.ptr<1>, i64, i64, i64, i64, i64, i64, !llvm.target<"spirv.Event">) -> !llvm.target<"spirv.Event">
  %f = llvm.call spir_funccc @_Z26async_work_group_copy_3D3DPU3AS1vmPU3AS3Kvmmmmmmmmm9ocl_event(%g, %n, %l, %n, %n, %n, %n, %n, %n, %n, %n, %n, %e) : (!llvm.ptr<1>, i64, !llvm.ptr<3>, i64, i64, i64, i64, i64, i64, i64, i64, i64, !llvm.target<"spirv.Event">) -> !llvm.target<"spirv.Event">
  llvm.store %f, %list : !llvm.target<"spirv.Event">, !llvm.ptr<4>
  llvm.call spir_funccc @_Z17wait_group_eventsiPU3AS49ocl_event(%two, %list) : (i32, !llvm.ptr<4>) -> ()
  llvm.return
}

// -----

// OpenCL 1.x: one line of n gentypes; strided: one element per line, the
// stride being the global side's line length (global -> local and back).
llvm.func spir_funccc @_Z21async_work_group_copyPU3AS3Dv4_fPU3AS1KS_m9ocl_event(!llvm.ptr<3>, !llvm.ptr<1>, i64, !llvm.target<"spirv.Event">) -> !llvm.target<"spirv.Event">
llvm.func spir_funccc @_Z29async_work_group_strided_copyPU3AS3sPU3AS1Ksmm9ocl_event(!llvm.ptr<3>, !llvm.ptr<1>, i64, i64, !llvm.target<"spirv.Event">) -> !llvm.target<"spirv.Event">
llvm.func spir_funccc @_Z29async_work_group_strided_copyPU3AS1sPU3AS3Ksmm9ocl_event(!llvm.ptr<1>, !llvm.ptr<3>, i64, i64, !llvm.target<"spirv.Event">) -> !llvm.target<"spirv.Event">

llvm.func @opencl_1_copies_are_two_d(%l: !llvm.ptr<3>, %g: !llvm.ptr<1>, %n: i64, %stride: i64) {
  %none = llvm.mlir.zero : !llvm.target<"spirv.Event">
  %a = llvm.call spir_funccc @_Z21async_work_group_copyPU3AS3Dv4_fPU3AS1KS_m9ocl_event(%l, %g, %n, %none) : (!llvm.ptr<3>, !llvm.ptr<1>, i64, !llvm.target<"spirv.Event">) -> !llvm.target<"spirv.Event">
  %b = llvm.call spir_funccc @_Z29async_work_group_strided_copyPU3AS3sPU3AS1Ksmm9ocl_event(%l, %g, %n, %stride, %a) : (!llvm.ptr<3>, !llvm.ptr<1>, i64, i64, !llvm.target<"spirv.Event">) -> !llvm.target<"spirv.Event">
  %c = llvm.call spir_funccc @_Z29async_work_group_strided_copyPU3AS1sPU3AS3Ksmm9ocl_event(%g, %l, %n, %stride, %b) : (!llvm.ptr<1>, !llvm.ptr<3>, i64, i64, !llvm.target<"spirv.Event">) -> !llvm.target<"spirv.Event">
  llvm.return
}

// -----

// A builtin with the right name but a private buffer: not a valid copy.
llvm.func spir_funccc @_Z21async_work_group_copyPU3AS3iPU3AS1Kim9ocl_event(!llvm.ptr<3>, !llvm.ptr, i64, !llvm.target<"spirv.Event">) -> !llvm.target<"spirv.Event">

llvm.func @negative_copy_from_private_memory(%l: !llvm.ptr<3>, %p: !llvm.ptr, %n: i64) {
  %none = llvm.mlir.zero : !llvm.target<"spirv.Event">
  %a = llvm.call spir_funccc @_Z21async_work_group_copyPU3AS3iPU3AS1Kim9ocl_event(%l, %p, %n, %none) : (!llvm.ptr<3>, !llvm.ptr, i64, !llvm.target<"spirv.Event">) -> !llvm.target<"spirv.Event">
  llvm.return
}
