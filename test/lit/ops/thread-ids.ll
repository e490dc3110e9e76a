; Compute-stage system values: the component operand becomes the
; intrinsic's i32 argument; FlattenedThreadIdInGroup takes none.
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll

; CHECK-LABEL: define void @main()
; CHECK-NEXT: %tid = call i32 @llvm.dx.thread.id(i32 0)
; CHECK-NEXT: %gid = call i32 @llvm.dx.group.id(i32 1)
; CHECK-NEXT: %gtid = call i32 @llvm.dx.thread.id.in.group(i32 2)
; CHECK-NEXT: %flat = call i32 @llvm.dx.flattened.thread.id.in.group()
; CHECK-NOT: dx.op.

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %tid = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %gid = call i32 @dx.op.groupId.i32(i32 94, i32 1)
  %gtid = call i32 @dx.op.threadIdInGroup.i32(i32 95, i32 2)
  %flat = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
  ret void
}

declare i32 @dx.op.threadId.i32(i32, i32) #0
declare i32 @dx.op.groupId.i32(i32, i32) #0
declare i32 @dx.op.threadIdInGroup.i32(i32, i32) #0
declare i32 @dx.op.flattenedThreadIdInGroup.i32(i32) #0

attributes #0 = { nounwind memory(none) }

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{ptr @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 8, i32 8, i32 1}
