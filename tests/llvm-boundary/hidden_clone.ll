; A hidden, linkonce_odr helper in a comdat of its own (as every libcu++/CCCL
; function is), called with a global and a shared pointer: its clones are new
; local symbols, so default visibility and no comdat (LLVM's parser refuses a
; hidden local symbol).
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

$_ZN4cuda3std4plusIiEclEPKiS3_ = comdat any

define linkonce_odr hidden i32 @_ZN4cuda3std4plusIiEclEPKiS3_(ptr %a, ptr %b) #0 comdat {
  %x = load i32, ptr %a, align 4
  %y = load i32, ptr %b, align 4
  %s = add i32 %x, %y
  ret i32 %s
}

define ptx_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in, ptr addrspace(3) %tile) {
  %g = addrspacecast ptr addrspace(1) %in to ptr
  %l = addrspacecast ptr addrspace(3) %tile to ptr
  %v = call i32 @_ZN4cuda3std4plusIiEclEPKiS3_(ptr %g, ptr %l)
  %w = call i32 @_ZN4cuda3std4plusIiEclEPKiS3_(ptr %l, ptr %l)
  %t = add i32 %v, %w
  store i32 %t, ptr addrspace(1) %out, align 4
  ret void
}

attributes #0 = { noinline }
