; Geometry shader: GSState (tag 1) has no LLVM 22 form and stays in the
; entry's property list under !dxu.entryPoints.
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %opt -disable-output -passes='print<dxil-metadata>' %t.ll 2>&1 | %FileCheck --check-prefix=MD %s

; CHECK: target triple = "dxilv1.0-pc-shadermodel6.0-geometry"
; CHECK: attributes #[[#]] = { "hlsl.shader"="geometry" }
; CHECK: !dxu.entryPoints = !{![[ENTRY:[0-9]+]]}
; CHECK: ![[ENTRY]] = !{ptr @main, !"main", null, null, ![[PROPS:[0-9]+]]}
; CHECK: ![[PROPS]] = !{i32 1, ![[GS:[0-9]+]]}
; CHECK: ![[GS]] = !{i32 3, i32 3, i32 1, i32 5, i32 1}

; MD: Target Shader Stage : geometry
; MD: Function Shader Stage : geometry

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  ret void
}

!dx.version = !{!1}
!dx.valver = !{!1}
!dx.shaderModel = !{!3}
!dx.entryPoints = !{!4}

!1 = !{i32 1, i32 0}
!3 = !{!"gs", i32 6, i32 0}
!4 = !{ptr @main, !"main", null, null, !5}
!5 = !{i32 1, !6}
!6 = !{i32 3, i32 3, i32 1, i32 5, i32 1}
