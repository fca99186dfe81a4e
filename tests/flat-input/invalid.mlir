// gas-opt: --flat-input --pipeline O2 --split-input-file --verify-diagnostics
// A --flat-input module must have no named address spaces; a --kernel name
// must exist.

llvm.func @negative_named_space_is_an_error(%p: !llvm.ptr<1>) -> i32 {
  // expected-error @+1 {{'llvm.load' op uses a named address space; --flat-input takes modules without them}}
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<1> -> i32
  llvm.return %v : i32
}
