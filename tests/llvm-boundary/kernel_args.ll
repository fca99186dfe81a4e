; clang -cc1 -triple spir64 -cl-std=CL2.0 -finclude-default-header -emit-llvm -O2 kernel_args.cl,
; plus a vendor's named metadata (!igc.functions) naming a kernel and a helper.
source_filename = "kernel_args.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local spir_func void @scale(ptr addrspace(4) noundef captures(none) %p, float noundef %f) local_unnamed_addr #0 {
entry:
  %0 = load float, ptr addrspace(4) %p, align 4, !tbaa !7
  %mul = fmul float %f, %0
  store float %mul, ptr addrspace(4) %p, align 4, !tbaa !7
  ret void
}

; Function Attrs: convergent mustprogress nofree norecurse nounwind willreturn memory(argmem: readwrite, inaccessiblemem: readwrite)
define dso_local spir_kernel void @k(ptr addrspace(1) noalias noundef align 4 captures(none) %a, ptr addrspace(3) noundef align 4 captures(none) %l, float noundef %f) local_unnamed_addr #1 !kernel_arg_addr_space !9 !kernel_arg_access_qual !10 !kernel_arg_type !11 !kernel_arg_base_type !11 !kernel_arg_type_qual !12 {
entry:
  tail call void @llvm.experimental.noalias.scope.decl(metadata !13)
  %call.i = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #5
  %arrayidx.i = getelementptr inbounds nuw float, ptr addrspace(1) %a, i64 %call.i
  %0 = load float, ptr addrspace(1) %arrayidx.i, align 4, !tbaa !7, !alias.scope !13
  %call1.i = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #5
  %arrayidx2.i = getelementptr inbounds nuw float, ptr addrspace(3) %l, i64 %call1.i
  store float %0, ptr addrspace(3) %arrayidx2.i, align 4, !tbaa !7, !noalias !13
  %arrayidx4.ascast.i = addrspacecast ptr addrspace(3) %arrayidx2.i to ptr addrspace(4)
  tail call spir_func void @scale(ptr addrspace(4) noundef %arrayidx4.ascast.i, float noundef %f) #6, !noalias !13
  %arrayidx5.ascast.i = addrspacecast ptr addrspace(1) %arrayidx.i to ptr addrspace(4)
  tail call spir_func void @scale(ptr addrspace(4) noundef %arrayidx5.ascast.i, float noundef %f) #6
  %1 = load float, ptr addrspace(3) %arrayidx2.i, align 4, !tbaa !7, !noalias !13
  %2 = load float, ptr addrspace(1) %arrayidx.i, align 4, !tbaa !7, !alias.scope !13
  %add.i = fadd float %1, %2
  store float %add.i, ptr addrspace(1) %arrayidx.i, align 4, !tbaa !7, !alias.scope !13
  ret void
}

; Function Attrs: alwaysinline convergent mustprogress nofree norecurse nounwind willreturn memory(argmem: readwrite)
define dso_local spir_func void @__clang_ocl_kern_imp_k(ptr addrspace(1) noalias noundef align 4 captures(none) %a, ptr addrspace(3) noundef align 4 captures(none) %l, float noundef %f) local_unnamed_addr #2 !kernel_arg_addr_space !9 !kernel_arg_access_qual !10 !kernel_arg_type !11 !kernel_arg_base_type !11 !kernel_arg_type_qual !12 {
entry:
  %call = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #5
  %arrayidx = getelementptr inbounds nuw float, ptr addrspace(1) %a, i64 %call
  %0 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !7
  %call1 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #5
  %arrayidx2 = getelementptr inbounds nuw float, ptr addrspace(3) %l, i64 %call1
  store float %0, ptr addrspace(3) %arrayidx2, align 4, !tbaa !7
  %arrayidx4.ascast = addrspacecast ptr addrspace(3) %arrayidx2 to ptr addrspace(4)
  tail call spir_func void @scale(ptr addrspace(4) noundef %arrayidx4.ascast, float noundef %f) #6
  %arrayidx5.ascast = addrspacecast ptr addrspace(1) %arrayidx to ptr addrspace(4)
  tail call spir_func void @scale(ptr addrspace(4) noundef %arrayidx5.ascast, float noundef %f) #6
  %1 = load float, ptr addrspace(3) %arrayidx2, align 4, !tbaa !7
  %2 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !7
  %add = fadd float %1, %2
  store float %add, ptr addrspace(1) %arrayidx, align 4, !tbaa !7
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #3

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @llvm.experimental.noalias.scope.decl(metadata) #4

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite) "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #1 = { convergent mustprogress nofree norecurse nounwind willreturn memory(argmem: readwrite, inaccessiblemem: readwrite) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #2 = { alwaysinline convergent mustprogress nofree norecurse nounwind willreturn memory(argmem: readwrite) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #3 = { convergent mustprogress nofree nounwind willreturn memory(none) "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #4 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }
attributes #5 = { convergent nounwind willreturn memory(none) }
attributes #6 = { nounwind }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!opencl.spir.version = !{!1}
!llvm.ident = !{!2}
!llvm.errno.tbaa = !{!3}
!igc.functions = !{!16, !18}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 2, i32 0}
!2 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!3 = !{!4, !4, i64 0}
!4 = !{!"int", !5, i64 0}
!5 = !{!"omnipotent char", !6, i64 0}
!6 = !{!"Simple C/C++ TBAA"}
!7 = !{!8, !8, i64 0}
!8 = !{!"float", !5, i64 0}
!9 = !{i32 1, i32 3, i32 0}
!10 = !{!"none", !"none", !"none"}
!11 = !{!"float*", !"float*", !"float"}
!12 = !{!"restrict", !"", !""}
!13 = !{!14}
!14 = distinct !{!14, !15, !"__clang_ocl_kern_imp_k: %a"}
!15 = distinct !{!15, !"__clang_ocl_kern_imp_k"}
!16 = !{ptr @k, !17}
!17 = !{!"function_type", i32 0}
!18 = !{ptr @scale, !19}
!19 = !{!"function_type", i32 2}
