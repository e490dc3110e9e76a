; Mesh shader: the thread-group size lives in field 0 of MSState (tag 9),
; not in tag 4; it still becomes "hlsl.numthreads".
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %opt -disable-output -passes='print<dxil-metadata>' %t.ll 2>&1 | %FileCheck --check-prefix=MD %s

; CHECK: target triple = "dxilv1.5-pc-shadermodel6.5-mesh"
; CHECK: attributes #[[#]] = { "hlsl.numthreads"="32,2,1" "hlsl.shader"="mesh" }
; CHECK: ![[ENTRY:[0-9]+]] = !{ptr @main, !"main", null, null, ![[PROPS:[0-9]+]]}
; CHECK: ![[PROPS]] = !{i32 0, i64 16, i32 9, ![[MS:[0-9]+]]}
; CHECK: ![[MS]] = !{![[NT:[0-9]+]], i32 64, i32 126, i32 2, i32 16}
; CHECK: ![[NT]] = !{i32 32, i32 2, i32 1}

; MD: Target Shader Stage : mesh
; MD: Function Shader Stage : mesh
; MD-NEXT: NumThreads: 32,2,1

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  ret void
}

!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.entryPoints = !{!4}

!1 = !{i32 1, i32 5}
!2 = !{i32 1, i32 8}
!3 = !{!"ms", i32 6, i32 5}
!4 = !{ptr @main, !"main", null, null, !5}
!5 = !{i32 0, i64 16, i32 9, !6}
!6 = !{!7, i32 64, i32 126, i32 2, i32 16}
!7 = !{i32 32, i32 2, i32 1}
