; SM 6.6 [WaveSize(32)] is entry tag 11 with one value; LLVM reads a lone
; size as "N,0,0".
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll

; CHECK: target triple = "dxilv1.6-pc-shadermodel6.6-compute"
; CHECK: attributes #[[#]] = { "hlsl.numthreads"="64,1,1" "hlsl.shader"="compute" "hlsl.wavesize"="32,0,0" }
; CHECK: !{i32 4, ![[NT:[0-9]+]], i32 11, ![[WS:[0-9]+]]}
; CHECK: ![[WS]] = !{i32 32}

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  ret void
}

!dx.version = !{!1}
!dx.valver = !{!1}
!dx.shaderModel = !{!2}
!dx.entryPoints = !{!3}

!1 = !{i32 1, i32 6}
!2 = !{!"cs", i32 6, i32 6}
!3 = !{ptr @main, !"main", null, null, !4}
!4 = !{i32 4, !5, i32 11, !6}
!5 = !{i32 64, i32 1, i32 1}
!6 = !{i32 32}
