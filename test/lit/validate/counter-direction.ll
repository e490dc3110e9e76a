; Outside libraries a structured buffer's counter moves one way: the first
; bufferUpdateCounter of a createHandle range decides, a later one the
; other way is Instr.OnlyOneAllocConsume (b); two increments are fine (a).
; RUN: not %dxil-upgrade --check %s 2> %t.err
; RUN: %FileCheck %s < %t.err
; RUN: not grep '%inc_a' %t.err
; CHECK: error: RWStructuredBuffers may increment or decrement their counters, but not both. (@main: `%inc_b = call {{.*}}[Instr.OnlyOneAllocConsume]
; CHECK-NOT: error:
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { ptr }
%"class.RWStructuredBuffer<float>" = type { float }

define void @main() {
  %a = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %b = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 1, i32 1, i1 false)
  %inc_a = call i32 @dx.op.bufferUpdateCounter(i32 70, %dx.types.Handle %a, i8 1)
  %inc_a2 = call i32 @dx.op.bufferUpdateCounter(i32 70, %dx.types.Handle %a, i8 1)
  %dec_b = call i32 @dx.op.bufferUpdateCounter(i32 70, %dx.types.Handle %b, i8 -1)
  %inc_b = call i32 @dx.op.bufferUpdateCounter(i32 70, %dx.types.Handle %b, i8 1)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #0
declare i32 @dx.op.bufferUpdateCounter(i32, %dx.types.Handle, i8) #1

attributes #0 = { nounwind readonly }
attributes #1 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!7}
!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{null, !3, null, null}
!3 = !{!4, !5}
!4 = !{i32 0, ptr undef, !"a", i32 0, i32 0, i32 1, i32 12, i1 false, i1 true, i1 false, !6}
!5 = !{i32 1, ptr undef, !"b", i32 0, i32 1, i32 1, i32 12, i1 false, i1 true, i1 false, !6}
!6 = !{i32 1, i32 4}
!7 = !{ptr @main, !"main", null, !2, !8}
!8 = !{i32 0, i64 16, i32 4, !9}
!9 = !{i32 1, i32 1, i32 1}
