; Domain shader: DSState (tag 2) stays under !dxu.entryPoints.
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll

; CHECK: target triple = "dxilv1.1-pc-shadermodel6.1-domain"
; CHECK: attributes #[[#]] = { "hlsl.shader"="domain" }
; CHECK: ![[ENTRY:[0-9]+]] = !{ptr @main, !"main", null, null, ![[PROPS:[0-9]+]]}
; CHECK: ![[PROPS]] = !{i32 2, ![[DS:[0-9]+]]}
; CHECK: ![[DS]] = !{i32 2, i32 3}

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  ret void
}

!dx.version = !{!1}
!dx.valver = !{!1}
!dx.shaderModel = !{!3}
!dx.entryPoints = !{!4}

!1 = !{i32 1, i32 1}
!3 = !{!"ds", i32 6, i32 1}
!4 = !{ptr @main, !"main", null, null, !5}
!5 = !{i32 2, !6}
!6 = !{i32 2, i32 3}
