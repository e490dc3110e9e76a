; Amplification shader: numthreads from field 0 of ASState (tag 10).
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %opt -disable-output -passes='print<dxil-metadata>' %t.ll 2>&1 | %FileCheck --check-prefix=MD %s

; CHECK: target triple = "dxilv1.6-pc-shadermodel6.6-amplification"
; CHECK: attributes #[[#]] = { "hlsl.numthreads"="4,1,1" "hlsl.shader"="amplification" }
; CHECK: ![[ENTRY:[0-9]+]] = !{ptr @main, !"main", null, null, ![[PROPS:[0-9]+]]}
; CHECK: ![[PROPS]] = !{i32 10, ![[AS:[0-9]+]]}
; CHECK: ![[AS]] = !{![[NT:[0-9]+]], i32 12}
; CHECK: ![[NT]] = !{i32 4, i32 1, i32 1}

; MD: Target Shader Stage : amplification
; MD: NumThreads: 4,1,1

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  ret void
}

!dx.version = !{!1}
!dx.valver = !{!1}
!dx.shaderModel = !{!3}
!dx.entryPoints = !{!4}

!1 = !{i32 1, i32 6}
!3 = !{!"as", i32 6, i32 6}
!4 = !{ptr @main, !"main", null, null, !5}
!5 = !{i32 10, !6}
!6 = !{!7, i32 12}
!7 = !{i32 4, i32 1, i32 1}
