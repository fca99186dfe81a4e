; Gathers and scatters through vectors of generic pointers on SPIR, run on
; the CPU (tests/execution/lanes.sh): lanes of private, local and global
; memory mixed in one vector, and a vector GEP over a base whose space is
; chosen at run time. Tagged lanes reaching memory would fault (bits 61..63
; make an x86-64 address non-canonical); lanes split into the wrong space
; would too, or read the wrong value. A vector cast to generic tags its lanes
; only where the gather through it was raised too (`lower` alone leaves both).
target triple = "spir64-unknown-unknown"

@global_cells = addrspace(1) global [4 x i32] [i32 10, i32 20, i32 30, i32 40]
@local_cells = addrspace(3) global [4 x i32] [i32 100, i32 200, i32 300, i32 400]
@format = addrspace(2) constant [21 x i8] c"%d %d %d %d | %d %d\0A\00"
@format_cells = addrspace(2) constant [25 x i8] c"cells %d %d %d %d %d %d\0A\00"
@format_cast = addrspace(2) constant [12 x i8] c"cast %d %d\0A\00"

declare i32 @printf(ptr addrspace(2), ...)
declare <4 x i32> @llvm.masked.gather.v4i32.v4p4(<4 x ptr addrspace(4)>, i32 immarg, <4 x i1>, <4 x i32>)
declare void @llvm.masked.scatter.v4i32.v4p4(<4 x i32>, <4 x ptr addrspace(4)>, i32 immarg, <4 x i1>)
declare <2 x i32> @llvm.masked.gather.v2i32.v2p4(<2 x ptr addrspace(4)>, i32 immarg, <2 x i1>, <2 x i32>)

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %private_cells = alloca [4 x i32], align 16
  store <4 x i32> <i32 1, i32 2, i32 3, i32 4>, ptr %private_cells, align 16
  %p0 = getelementptr inbounds [4 x i32], ptr %private_cells, i64 0, i64 0
  %p3 = getelementptr inbounds [4 x i32], ptr %private_cells, i64 0, i64 3
  %g1 = getelementptr inbounds [4 x i32], ptr addrspace(1) @global_cells, i64 0, i64 1
  %l2 = getelementptr inbounds [4 x i32], ptr addrspace(3) @local_cells, i64 0, i64 2
  %gp0 = addrspacecast ptr %p0 to ptr addrspace(4)
  %gp3 = addrspacecast ptr %p3 to ptr addrspace(4)
  %gg1 = addrspacecast ptr addrspace(1) %g1 to ptr addrspace(4)
  %gl2 = addrspacecast ptr addrspace(3) %l2 to ptr addrspace(4)
  %v0 = insertelement <4 x ptr addrspace(4)> poison, ptr addrspace(4) %gp0, i32 0
  %v1 = insertelement <4 x ptr addrspace(4)> %v0, ptr addrspace(4) %gg1, i32 1
  %v2 = insertelement <4 x ptr addrspace(4)> %v1, ptr addrspace(4) %gl2, i32 2
  %lanes = insertelement <4 x ptr addrspace(4)> %v2, ptr addrspace(4) %gp3, i32 3
  ; Lane 3 is masked off: its pass-through value stays.
  %read = call <4 x i32> @llvm.masked.gather.v4i32.v4p4(<4 x ptr addrspace(4)> %lanes, i32 4, <4 x i1> <i1 true, i1 true, i1 true, i1 false>, <4 x i32> <i32 -1, i32 -1, i32 -1, i32 -1>)
  call void @llvm.masked.scatter.v4i32.v4p4(<4 x i32> <i32 5, i32 6, i32 7, i32 8>, <4 x ptr addrspace(4)> %lanes, i32 4, <4 x i1> <i1 true, i1 true, i1 true, i1 true>)
  ; A base of a space known only at run time (local with no arguments).
  %few = icmp ult i32 %argc, 2
  %base = select i1 %few, ptr addrspace(4) %gl2, ptr addrspace(4) %gg1
  %around = getelementptr inbounds i32, ptr addrspace(4) %base, <2 x i64> <i64 -1, i64 1>
  %pair = call <2 x i32> @llvm.masked.gather.v2i32.v2p4(<2 x ptr addrspace(4)> %around, i32 4, <2 x i1> <i1 true, i1 true>, <2 x i32> zeroinitializer)
  %r0 = extractelement <4 x i32> %read, i32 0
  %r1 = extractelement <4 x i32> %read, i32 1
  %r2 = extractelement <4 x i32> %read, i32 2
  %r3 = extractelement <4 x i32> %read, i32 3
  %a0 = extractelement <2 x i32> %pair, i32 0
  %a1 = extractelement <2 x i32> %pair, i32 1
  call i32 (ptr addrspace(2), ...) @printf(ptr addrspace(2) @format, i32 %r0, i32 %r1, i32 %r2, i32 %r3, i32 %a0, i32 %a1)
  %c0 = load i32, ptr %p0, align 4
  %c3 = load i32, ptr %p3, align 4
  %c1 = load i32, ptr addrspace(1) %g1, align 4
  %c2 = load i32, ptr addrspace(3) %l2, align 4
  %g0 = load i32, ptr addrspace(1) @global_cells, align 4
  %l3p = getelementptr inbounds [4 x i32], ptr addrspace(3) @local_cells, i64 0, i64 3
  %l3 = load i32, ptr addrspace(3) %l3p, align 4
  call i32 (ptr addrspace(2), ...) @printf(ptr addrspace(2) @format_cells, i32 %c0, i32 %c1, i32 %c2, i32 %c3, i32 %g0, i32 %l3)
  ; Local lanes cast to generic as a vector, then gathered.
  %l0 = getelementptr inbounds [4 x i32], ptr addrspace(3) @local_cells, i64 0, i64 0
  %local_lanes = getelementptr inbounds i32, ptr addrspace(3) %l0, <2 x i64> <i64 1, i64 3>
  %generic_lanes = addrspacecast <2 x ptr addrspace(3)> %local_lanes to <2 x ptr addrspace(4)>
  %cast_pair = call <2 x i32> @llvm.masked.gather.v2i32.v2p4(<2 x ptr addrspace(4)> %generic_lanes, i32 4, <2 x i1> <i1 true, i1 true>, <2 x i32> zeroinitializer)
  %k0 = extractelement <2 x i32> %cast_pair, i32 0
  %k1 = extractelement <2 x i32> %cast_pair, i32 1
  call i32 (ptr addrspace(2), ...) @printf(ptr addrspace(2) @format_cast, i32 %k0, i32 %k1)
  ret i32 0
}
