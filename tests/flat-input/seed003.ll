; Seed 003's C++ AMP example after CLamp, before address-space inference
; (the seed's listing in opaque-pointer IR; the store of 5566, which the
; C++ source has and the listing drops, is restored).
@mm_kernel.tmp = internal unnamed_addr global [30 x i32] zeroinitializer, align 16, section "clamp_opencl_local"

declare i32 @get_global_id(i32)
declare i32 @barrier(i32)

define void @mm_kernel(ptr nocapture %p, i32 %n) {
  %1 = tail call i32 @get_global_id(i32 0)
  %2 = sext i32 %1 to i64
  %3 = getelementptr inbounds [30 x i32], ptr @mm_kernel.tmp, i64 0, i64 %2
  store i32 5566, ptr %3, align 4
  %4 = tail call i32 @barrier(i32 0)
  %5 = load i32, ptr %3, align 4
  %6 = getelementptr inbounds i32, ptr %p, i64 %2
  store i32 %5, ptr %6, align 4
  ret void
}
