; Hull shader: HSState (tag 3) names the patch-constant function. Only the
; entry gets "hlsl.shader"; the patch-constant function stays referenced
; from the state record under !dxu.entryPoints.
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll

; CHECK: target triple = "dxilv1.0-pc-shadermodel6.0-hull"
; CHECK: define void @main() #[[MAIN:[0-9]+]]
; CHECK: define void @patch_const() #[[PC:[0-9]+]]
; CHECK: attributes #[[MAIN]] = { nounwind "hlsl.shader"="hull" }
; CHECK: attributes #[[PC]] = { nounwind }
; CHECK: !dxu.entryPoints = !{![[ENTRY:[0-9]+]]}
; CHECK: ![[ENTRY]] = !{ptr @main, !"main", null, null, ![[PROPS:[0-9]+]]}
; CHECK: ![[PROPS]] = !{i32 3, ![[HS:[0-9]+]]}
; CHECK: ![[HS]] = !{ptr @patch_const, i32 3, i32 3, i32 2, i32 1, i32 3, float 6.400000e+01}

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() #0 {
  ret void
}

define void @patch_const() #1 {
  ret void
}

attributes #0 = { nounwind }
attributes #1 = { nounwind }

!dx.version = !{!1}
!dx.valver = !{!1}
!dx.shaderModel = !{!3}
!dx.entryPoints = !{!4}

!1 = !{i32 1, i32 0}
!3 = !{!"hs", i32 6, i32 0}
!4 = !{ptr @main, !"main", null, null, !5}
!5 = !{i32 3, !6}
!6 = !{ptr @patch_const, i32 3, i32 3, i32 2, i32 1, i32 3, float 6.400000e+01}
