; A helper gas clones (called with a global and a shared pointer): the
; clones' calls keep their call-site attributes, which MLIR's dialect does
; not carry for inline assembly (`convergent`: a barrier-like asm that
; control-flow passes must not duplicate or sink) and the tail marker and
; `noundef` of the intrinsic call.
target triple = "nvptx64-nvidia-cuda"

define internal float @helper(ptr %q, float %b) noinline {
  %v = load float, ptr %q, align 4
  %r = tail call noundef float @llvm.maxnum.f32(float %v, float %b)
  call void asm sideeffect "nanosleep.u32 $0;", "r"(i32 5) #1
  ret float %r
}

define ptx_kernel void @k(ptr %p, float %x, ptr addrspace(3) %s) {
  %g = addrspacecast ptr addrspace(3) %s to ptr
  %r = call float @helper(ptr %p, float %x)
  %t = call float @helper(ptr %g, float %x)
  %u = fadd float %r, %t
  store float %u, ptr %p, align 4
  ret void
}

declare float @llvm.maxnum.f32(float, float)

attributes #1 = { convergent nounwind }
