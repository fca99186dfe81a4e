; clang -cc1 -triple spir64 -cl-std=CL2.0 -finclude-default-header -emit-llvm -O0
; -disable-O0-optnone -debug-info-kind=line-tables-only line_tables.cl, then
; opt -passes=sroa,mem2reg,instcombine,simplifycfg.
source_filename = "line_tables.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

; Function Attrs: convergent noinline norecurse nounwind
define dso_local spir_func float @f(ptr addrspace(4) noundef %p) #0 !dbg !6 {
entry:
  %i = alloca float, align 4
  %0 = load float, ptr addrspace(4) %p, align 4, !dbg !10
  %i.ascast = addrspacecast ptr %i to ptr addrspace(4), !dbg !11
  %call = call spir_func float @_Z5fractfPU3AS4f(float noundef %0, ptr addrspace(4) noundef %i.ascast) #5, !dbg !12
  %1 = load float, ptr %i, align 4, !dbg !13
  %add = fadd float %call, %1, !dbg !14
  ret float %add, !dbg !15
}

; Function Attrs: convergent nounwind
declare spir_func float @_Z5fractfPU3AS4f(float noundef, ptr addrspace(4) noundef) #1

; Function Attrs: convergent noinline norecurse nounwind
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 4 %a, ptr addrspace(3) noundef align 4 %l) #2 !dbg !16 !kernel_arg_addr_space !17 !kernel_arg_access_qual !18 !kernel_arg_type !19 !kernel_arg_base_type !19 !kernel_arg_type_qual !20 {
entry:
  %0 = load float, ptr addrspace(1) %a, align 4, !dbg !21
  %call.i = call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #6, !dbg !24
  %arrayidx1.i = getelementptr inbounds nuw float, ptr addrspace(3) %l, i64 %call.i, !dbg !25
  store float %0, ptr addrspace(3) %arrayidx1.i, align 4, !dbg !26
  %1 = addrspacecast ptr addrspace(1) %a to ptr addrspace(4), !dbg !27
  %call2.i = call spir_func float @f(ptr addrspace(4) noundef %1) #5, !dbg !28
  %2 = addrspacecast ptr addrspace(3) %l to ptr addrspace(4), !dbg !29
  %call3.i = call spir_func float @f(ptr addrspace(4) noundef %2) #5, !dbg !30
  %add.i = fadd float %call2.i, %call3.i, !dbg !31
  %add.ptr.i = getelementptr inbounds nuw i8, ptr addrspace(1) %a, i64 4, !dbg !32
  %add.ptr.ascast.i = addrspacecast ptr addrspace(1) %add.ptr.i to ptr addrspace(4), !dbg !33
  %call4.i = call spir_func float @f(ptr addrspace(4) noundef %add.ptr.ascast.i) #5, !dbg !34
  %add5.i = fadd float %add.i, %call4.i, !dbg !35
  %call6.i = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #6, !dbg !36
  %arrayidx7.i = getelementptr inbounds nuw float, ptr addrspace(1) %a, i64 %call6.i, !dbg !37
  store float %add5.i, ptr addrspace(1) %arrayidx7.i, align 4, !dbg !38
  ret void, !dbg !39
}

; Function Attrs: alwaysinline convergent norecurse nounwind
define dso_local spir_func void @__clang_ocl_kern_imp_k(ptr addrspace(1) noundef align 4 %a, ptr addrspace(3) noundef align 4 %l) #3 !dbg !22 !kernel_arg_addr_space !17 !kernel_arg_access_qual !18 !kernel_arg_type !19 !kernel_arg_base_type !19 !kernel_arg_type_qual !20 {
entry:
  %0 = load float, ptr addrspace(1) %a, align 4, !dbg !40
  %call = call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #6, !dbg !41
  %arrayidx1 = getelementptr inbounds nuw float, ptr addrspace(3) %l, i64 %call, !dbg !42
  store float %0, ptr addrspace(3) %arrayidx1, align 4, !dbg !43
  %1 = addrspacecast ptr addrspace(1) %a to ptr addrspace(4), !dbg !44
  %call2 = call spir_func float @f(ptr addrspace(4) noundef %1) #5, !dbg !45
  %2 = addrspacecast ptr addrspace(3) %l to ptr addrspace(4), !dbg !46
  %call3 = call spir_func float @f(ptr addrspace(4) noundef %2) #5, !dbg !47
  %add = fadd float %call2, %call3, !dbg !48
  %add.ptr = getelementptr inbounds nuw i8, ptr addrspace(1) %a, i64 4, !dbg !49
  %add.ptr.ascast = addrspacecast ptr addrspace(1) %add.ptr to ptr addrspace(4), !dbg !50
  %call4 = call spir_func float @f(ptr addrspace(4) noundef %add.ptr.ascast) #5, !dbg !51
  %add5 = fadd float %add, %call4, !dbg !52
  %call6 = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #6, !dbg !53
  %arrayidx7 = getelementptr inbounds nuw float, ptr addrspace(1) %a, i64 %call6, !dbg !54
  store float %add5, ptr addrspace(1) %arrayidx7, align 4, !dbg !55
  ret void, !dbg !56
}

; Function Attrs: convergent nounwind willreturn memory(none)
declare spir_func i64 @_Z12get_local_idj(i32 noundef) #4

; Function Attrs: convergent nounwind willreturn memory(none)
declare spir_func i64 @_Z13get_global_idj(i32 noundef) #4

attributes #0 = { convergent noinline norecurse nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #1 = { convergent nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent noinline norecurse nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #3 = { alwaysinline convergent norecurse nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #4 = { convergent nounwind willreturn memory(none) "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #5 = { convergent nounwind }
attributes #6 = { convergent nounwind willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!opencl.ocl.version = !{!4}
!opencl.spir.version = !{!4}
!llvm.ident = !{!5}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: LineTablesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "<stdin>", directory: "")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 1, !"wchar_size", i32 4}
!4 = !{i32 2, i32 0}
!5 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!6 = distinct !DISubprogram(name: "f", scope: !7, file: !7, line: 4, type: !8, scopeLine: 4, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0)
!7 = !DIFile(filename: "line_tables.cl", directory: "")
!8 = !DISubroutineType(types: !9)
!9 = !{}
!10 = !DILocation(line: 4, column: 69, scope: !6)
!11 = !DILocation(line: 4, column: 73, scope: !6)
!12 = !DILocation(line: 4, column: 63, scope: !6)
!13 = !DILocation(line: 4, column: 79, scope: !6)
!14 = !DILocation(line: 4, column: 77, scope: !6)
!15 = !DILocation(line: 4, column: 56, scope: !6)
!16 = distinct !DISubprogram(name: "k", scope: !7, file: !7, line: 5, type: !8, scopeLine: 5, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0)
!17 = !{i32 1, i32 3}
!18 = !{!"none", !"none"}
!19 = !{!"float*", !"float*"}
!20 = !{!"", !""}
!21 = !DILocation(line: 6, column: 24, scope: !22, inlinedAt: !23)
!22 = distinct !DISubprogram(name: "k", scope: !7, file: !7, line: 5, type: !8, scopeLine: 5, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0)
!23 = distinct !DILocation(line: 5, column: 48, scope: !16)
!24 = !DILocation(line: 6, column: 5, scope: !22, inlinedAt: !23)
!25 = !DILocation(line: 6, column: 3, scope: !22, inlinedAt: !23)
!26 = !DILocation(line: 6, column: 22, scope: !22, inlinedAt: !23)
!27 = !DILocation(line: 7, column: 27, scope: !22, inlinedAt: !23)
!28 = !DILocation(line: 7, column: 25, scope: !22, inlinedAt: !23)
!29 = !DILocation(line: 7, column: 34, scope: !22, inlinedAt: !23)
!30 = !DILocation(line: 7, column: 32, scope: !22, inlinedAt: !23)
!31 = !DILocation(line: 7, column: 30, scope: !22, inlinedAt: !23)
!32 = !DILocation(line: 7, column: 43, scope: !22, inlinedAt: !23)
!33 = !DILocation(line: 7, column: 41, scope: !22, inlinedAt: !23)
!34 = !DILocation(line: 7, column: 39, scope: !22, inlinedAt: !23)
!35 = !DILocation(line: 7, column: 37, scope: !22, inlinedAt: !23)
!36 = !DILocation(line: 7, column: 5, scope: !22, inlinedAt: !23)
!37 = !DILocation(line: 7, column: 3, scope: !22, inlinedAt: !23)
!38 = !DILocation(line: 7, column: 23, scope: !22, inlinedAt: !23)
!39 = !DILocation(line: 8, column: 1, scope: !16)
!40 = !DILocation(line: 6, column: 24, scope: !22)
!41 = !DILocation(line: 6, column: 5, scope: !22)
!42 = !DILocation(line: 6, column: 3, scope: !22)
!43 = !DILocation(line: 6, column: 22, scope: !22)
!44 = !DILocation(line: 7, column: 27, scope: !22)
!45 = !DILocation(line: 7, column: 25, scope: !22)
!46 = !DILocation(line: 7, column: 34, scope: !22)
!47 = !DILocation(line: 7, column: 32, scope: !22)
!48 = !DILocation(line: 7, column: 30, scope: !22)
!49 = !DILocation(line: 7, column: 43, scope: !22)
!50 = !DILocation(line: 7, column: 41, scope: !22)
!51 = !DILocation(line: 7, column: 39, scope: !22)
!52 = !DILocation(line: 7, column: 37, scope: !22)
!53 = !DILocation(line: 7, column: 5, scope: !22)
!54 = !DILocation(line: 7, column: 3, scope: !22)
!55 = !DILocation(line: 7, column: 23, scope: !22)
!56 = !DILocation(line: 8, column: 1, scope: !22)
