// gas-opt: --pass-pipeline builtin.module(gpu.module(gas-raise,gas-propagate,gas-lower),any(canonicalize))
// Device code as MLIR's GPU lowerings leave it: a host module with two
// gpu.modules, lowered for NVVM (kernel marked nvvm.kernel, target from
// #nvvm.target) and ROCDL (rocdl.kernel, #rocdl.target). gas runs on each
// gpu.module with that module's target: each helper called with a shared
// and a global pointer gets a clone per space, and kernel pointer
// parameters are global (both targets assume so). The host function is
// left as it is, and MLIR's C-interface wrapper, which no kernel calls, is
// erased (only kernels are a gpu.module's entry points).

module attributes {gpu.container_module} {
  llvm.func @host(%p: !llvm.ptr) -> f32 {
    %v = llvm.load %p : !llvm.ptr -> f32
    llvm.return %v : f32
  }

  gpu.module @nvvm_kernels [#nvvm.target<chip = "sm_90">] {
    llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x f32>
    llvm.func @twice(%buf: !llvm.ptr, %i: i64) {
      %p = llvm.getelementptr %buf[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %v = llvm.load %p : !llvm.ptr -> f32
      %w = llvm.fadd %v, %v : f32
      llvm.store %w, %p : f32, !llvm.ptr
      llvm.return
    }
    llvm.func @_mlir_ciface_twice(%buf: !llvm.ptr, %i: i64) {
      llvm.call @twice(%buf, %i) : (!llvm.ptr, i64) -> ()
      llvm.return
    }
    llvm.func @scale(%out: !llvm.ptr, %i: i64) attributes {gpu.kernel, nvvm.kernel} {
      %tile = llvm.mlir.addressof @tile : !llvm.ptr<3>
      %shared = llvm.addrspacecast %tile : !llvm.ptr<3> to !llvm.ptr
      llvm.call @twice(%shared, %i) : (!llvm.ptr, i64) -> ()
      llvm.call @twice(%out, %i) : (!llvm.ptr, i64) -> ()
      llvm.return
    }
  }

  gpu.module @rocdl_kernels [#rocdl.target<chip = "gfx90a">] {
    llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x f32>
    llvm.func @twice(%buf: !llvm.ptr, %i: i64) {
      %p = llvm.getelementptr %buf[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %v = llvm.load %p : !llvm.ptr -> f32
      %w = llvm.fadd %v, %v : f32
      llvm.store %w, %p : f32, !llvm.ptr
      llvm.return
    }
    llvm.func @scale(%out: !llvm.ptr, %i: i64) attributes {gpu.kernel, rocdl.kernel} {
      %tile = llvm.mlir.addressof @tile : !llvm.ptr<3>
      %shared = llvm.addrspacecast %tile : !llvm.ptr<3> to !llvm.ptr
      llvm.call @twice(%shared, %i) : (!llvm.ptr, i64) -> ()
      llvm.call @twice(%out, %i) : (!llvm.ptr, i64) -> ()
      llvm.return
    }
  }
}
