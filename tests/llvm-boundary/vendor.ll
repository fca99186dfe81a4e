; What MLIR 22's importer and exporter drop, gathered in one module:
; vendor intrinsics LLVM does not know (IGC's llvm.genx.GenISA.*), global
; flags, comdats, sections, metadata on globals and instructions of kinds
; MLIR does not read, attributes it drops, and vendor named metadata.
target datalayout = "e-p:64:64-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

$table_group = comdat any

@counter = internal thread_local addrspace(1) global i32 0, align 4
@table = linkonce_odr addrspace(1) global [4 x i32] [i32 1, i32 2, i32 3, i32 4], section ".igc.tables", comdat($table_group), align 4, !igc.table !5
@host_filled = addrspace(2) externally_initialized constant [4 x float] zeroinitializer, align 4

declare i32 @llvm.genx.GenISA.WaveAll.i32(i32, i8, i32)
declare ptr addrspace(1) @llvm.genx.GenISA.GetBufferPtr(i32, i32)

define spir_func i32 @unchanged_helper(i32 %x) {
entry:
  %wave = call i32 @llvm.genx.GenISA.WaveAll.i32(i32 %x, i8 0, i32 0), !igc.wave !6
  %sum = add nsw i32 %wave, 1, !igc.note !7
  ret i32 %sum
}

define spir_func void @rewritten_helper(ptr addrspace(4) initializes((0, 4)) %p, i32 %v) noinline {
entry:
  store i32 %v, ptr addrspace(4) %p, align 4, !igc.note !7
  ret void
}

define spir_kernel void @k(ptr addrspace(1) %out, i32 %x) !kernel_arg_addr_space !8 !kernel_arg_access_qual !9 !kernel_arg_type !10 !kernel_arg_base_type !10 !kernel_arg_type_qual !11 {
entry:
  %r = call spir_func i32 @unchanged_helper(i32 %x)
  %buffer = call ptr addrspace(1) @llvm.genx.GenISA.GetBufferPtr(i32 0, i32 1)
  %g = addrspacecast ptr addrspace(1) %out to ptr addrspace(4)
  call spir_func void @rewritten_helper(ptr addrspace(4) %g, i32 %r)
  %t = load i32, ptr addrspace(1) @table, align 4
  store i32 %t, ptr addrspace(1) %buffer, align 4
  ret void
}

!igc.functions = !{!0, !2}
!opencl.ocl.version = !{!4}
!llvm.module.flags = !{!12, !13}

!0 = !{ptr @k, !1}
!1 = !{!"function_type", i32 0}
!2 = !{ptr @rewritten_helper, !3}
!3 = !{!"function_type", i32 2}
!4 = !{i32 2, i32 0}
!5 = !{!"readonly table"}
!6 = !{!"wave", i32 16}
!7 = !{!"note"}
!8 = !{i32 1, i32 0}
!9 = !{!"none", !"none"}
!10 = !{!"int*", !"int"}
!11 = !{!"", !""}
!12 = !{i32 1, !"wchar_size", i32 4}
!13 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 8]}
