; A pointer mask loaded with !range metadata (LLVM's own
; InferAddressSpaces/AMDGPU/ptrmask.ll probes it): the range says the mask
; keeps bits 32..63, so the masked local pointer stays local. MLIR's
; importer drops !range; gas carries it as `gas.range` for the analysis and
; the export puts the metadata back.
target triple = "amdgcn-amd-amdhsa"

define i8 @masked_local_load(ptr addrspace(3) %src, ptr addrspace(1) %mask.ptr) {
  %mask = load i64, ptr addrspace(1) %mask.ptr, align 8, !range !0
  %cast = addrspacecast ptr addrspace(3) %src to ptr
  %masked = call ptr @llvm.ptrmask.p0.i64(ptr %cast, i64 %mask)
  %value = load i8, ptr %masked, align 1
  ret i8 %value
}

; A range reaching below bit 32's ones says nothing.
define i8 @masked_local_load_wide_range(ptr addrspace(3) %src, ptr addrspace(1) %mask.ptr) {
  %mask = load i64, ptr addrspace(1) %mask.ptr, align 8, !range !1
  %cast = addrspacecast ptr addrspace(3) %src to ptr
  %masked = call ptr @llvm.ptrmask.p0.i64(ptr %cast, i64 %mask)
  %value = load i8, ptr %masked, align 1
  ret i8 %value
}

declare ptr @llvm.ptrmask.p0.i64(ptr, i64)

!0 = !{i64 -64, i64 -1}
!1 = !{i64 0, i64 -1}
