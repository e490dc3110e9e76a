; One loadInput and one storeOutput in the entry of a @KIND@ module
; (sig-io-stages.test substitutes @KIND@).
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %v = call i32 @dx.op.loadInput.i32(i32 4, i32 1, i32 2, i8 3, i32 undef)
  %x = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 2)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 1, i8 2, float %x)
  call void @dx.op.storeOutput.i32(i32 5, i32 1, i32 0, i8 0, i32 %v)
  ret void
}

declare i32 @dx.op.loadInput.i32(i32, i32, i32, i8, i32) #0
declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1
declare void @dx.op.storeOutput.i32(i32, i32, i32, i8, i32) #1

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}

!0 = !{i32 1, i32 0}
!1 = !{!"@KIND@", i32 6, i32 0}
!2 = !{ptr @main, !"main", null, null, null}
