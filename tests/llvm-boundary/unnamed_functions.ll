; Internal functions without names (`opt -passes=strip`, or
; strip-nondebug, leaves them so), one with inline assembly that must stay
; convergent: MLIR's importer names a function by its LLVM name, so both
; were `""` ("redefinition of symbol named ''").
target triple = "nvptx64-nvidia-cuda"

define internal float @0(float %a, float %b) noinline {
  %r = tail call noundef float @llvm.maxnum.f32(float %a, float %b)
  call void asm sideeffect "nanosleep.u32 $0;", "r"(i32 5) #1
  ret float %r
}

define internal float @1(ptr %q) noinline {
  %v = load float, ptr %q, align 4
  %r = call float @0(float %v, float %v)
  ret float %r
}

define ptx_kernel void @k(ptr %p, ptr addrspace(3) %s) {
  %g = addrspacecast ptr addrspace(3) %s to ptr
  %r = call float @1(ptr %p)
  %t = call float @1(ptr %g)
  %u = fadd float %r, %t
  store float %u, ptr %p, align 4
  ret void
}

declare float @llvm.maxnum.f32(float, float)

attributes #1 = { convergent nounwind }
