; A DXC test file with a datalayout but no triple: only the triple stays out
; when lowering; the datalayout comes back exactly as written.
; RUN: %dxil-upgrade %s -o - | %FileCheck %s --check-prefix=RAISED
; RUN: %dxil-lower --raise %s -o - | %FileCheck %s --check-prefix=LOWERED
; RUN: %dxil-lower --raise --modern-triple %s -o - | %FileCheck %s --check-prefix=MODERN
; RUN: %dxil-roundtrip %s | %FileCheck %s --check-prefix=RT
; RAISED: !dxu.absent = !{![[T:[0-9]+]]}
; RAISED: ![[T]] = !{!"triple"}
; LOWERED: target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
; LOWERED-NOT: target triple
; MODERN: target triple = "dxilv1.6-pc-shadermodel6.6-compute"
; RT: dxc-text-no-triple.ll: round-trips

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"

define void @main() {
  %1 = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
  ret void
}

declare i32 @dx.op.flattenedThreadIdInGroup.i32(i32) #0

attributes #0 = { nounwind readnone }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}

!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{void ()* @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 8, i32 1, i32 1}
