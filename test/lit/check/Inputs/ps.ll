; A pixel shader with one input and one output, the base of the container
; rule tests (container-parts.test): written with dxil-lower, then edited.
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %x = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %x)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %x)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float %x)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float %x)
  ret void
}

declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"ps", i32 6, i32 6}
!2 = !{ptr @main, !"main", !3, null, null}
!3 = !{!4, !7, null}
!4 = !{!5}
!5 = !{i32 0, !"COLOR", i8 9, i8 0, !6, i8 2, i32 1, i8 1, i32 0, i8 0, !{i32 3, i32 1}}
!6 = !{i32 0}
!7 = !{!8}
!8 = !{i32 0, !"SV_Target", i8 9, i8 16, !6, i8 0, i32 1, i8 4, i32 0, i8 0, !{i32 3, i32 15}}
