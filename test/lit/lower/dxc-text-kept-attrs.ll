; Declaration attributes the raise recorded in !dxu.opAttrs come back on
; the declarations of calls it kept, not only on the ones lowering makes:
; Msad (kept: no modern form) declared readonly, where the op table says
; readnone; a raised op's declared readonly comes back too.
; RUN: %dxil-upgrade %s -o - | %FileCheck %s --check-prefix=RAISED
; RUN: %dxil-lower --raise %s -o - | %FileCheck %s --check-prefix=LOWERED
; RUN: %dxil-roundtrip %s | %FileCheck %s --check-prefix=RT
; RAISED: declare i32 @dx.op.tertiary.i32(i32, i32, i32, i32) [[KEPT:#[0-9]+]]
; RAISED: attributes [[KEPT]] = { nounwind memory(none) }
; RAISED-DAG: !{!"dx.op.tertiary.i32", i32 2}
; RAISED-DAG: !{!"dx.op.flattenedThreadIdInGroup.i32", i32 2}
; LOWERED-DAG: declare i32 @dx.op.tertiary.i32(i32, i32, i32, i32) [[RO:#[0-9]+]]
; LOWERED-DAG: declare i32 @dx.op.flattenedThreadIdInGroup.i32(i32) [[RO]]
; LOWERED-DAG: declare i32 @dx.op.waveGetLaneCount(i32) [[RN:#[0-9]+]]
; LOWERED-DAG: attributes [[RO]] = { nounwind memory(read) }
; LOWERED-DAG: attributes [[RN]] = { nounwind memory(none) }
; RT: dxc-text-kept-attrs.ll: round-trips

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %1 = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
  %2 = call i32 @dx.op.waveGetLaneCount(i32 112)
  %3 = call i32 @dx.op.tertiary.i32(i32 50, i32 %1, i32 %2, i32 %2)
  ret void
}

declare i32 @dx.op.waveGetLaneCount(i32) #0
declare i32 @dx.op.tertiary.i32(i32, i32, i32, i32) #1
declare i32 @dx.op.flattenedThreadIdInGroup.i32(i32) #1

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind readonly }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}

!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{void ()* @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 4, i32 1, i32 1}
