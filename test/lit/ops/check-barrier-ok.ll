; --check passes a compute shader whose SM 6.8 barriers and wave size
; range DXC's validator accepts: group sync on group-shared memory, every
; memory type (0xF), device-scope UAV sync, and WaveSizeRange {16, 64, 32}.
; RUN: %dxil-upgrade --check %s -o %t.ll 2>&1 | %FileCheck --allow-empty %s
; CHECK-NOT: error

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  call void @dx.op.barrierByMemoryType(i32 244, i32 2, i32 3)
  call void @dx.op.barrierByMemoryType(i32 244, i32 15, i32 7)
  call void @dx.op.barrierByMemoryType(i32 244, i32 1, i32 4)
  ret void
}

declare void @dx.op.barrierByMemoryType(i32, i32, i32) #0

attributes #0 = { noduplicate nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}

!0 = !{i32 1, i32 8}
!1 = !{!"cs", i32 6, i32 8}
!2 = !{void ()* @main, !"main", null, null, !3}
!3 = !{i32 4, !4, i32 23, !5}
!4 = !{i32 64, i32 1, i32 1}
!5 = !{i32 16, i32 64, i32 32}
