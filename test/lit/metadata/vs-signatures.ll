; A vertex shader with input and output signatures and a view-ID state:
; the signatures have no LLVM 22 form and stay, field for field, in the
; entry record under !dxu.entryPoints; dx.viewIdState moves to
; !dxu.viewIdState. No numthreads on a vertex shader.
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %opt -disable-output -passes='print<dxil-metadata>' %t.ll 2>&1 | %FileCheck --check-prefix=MD %s

; CHECK: target triple = "dxilv1.0-pc-shadermodel6.0-vertex"
; CHECK: attributes #[[#]] = { nounwind "hlsl.shader"="vertex" }
; CHECK-NOT: hlsl.numthreads
; CHECK: !dxu.entryPoints = !{![[ENTRY:[0-9]+]]}
; CHECK: !dxu.viewIdState = !{![[VIEWID:[0-9]+]]}
; CHECK-NOT: !dx.viewIdState
; CHECK: ![[ENTRY]] = !{ptr @main, !"main", ![[SIGS:[0-9]+]], null, null}
; CHECK: ![[SIGS]] = !{![[IN:[0-9]+]], ![[OUT:[0-9]+]], null}
; CHECK: ![[IN]] = !{![[POS:[0-9]+]], ![[UV:[0-9]+]]}
; CHECK: ![[POS]] = !{i32 0, !"POSITION", i8 9, i8 0, ![[IDX0:[0-9]+]], i8 0, i32 1, i8 3, i32 0, i8 0, null}
; CHECK: ![[IDX0]] = !{i32 0}
; CHECK: ![[UV]] = !{i32 1, !"TEXCOORD", i8 9, i8 0, ![[IDX1:[0-9]+]], i8 0, i32 1, i8 2, i32 1, i8 0, null}
; CHECK: ![[IDX1]] = !{i32 1}
; CHECK: ![[OUT]] = !{![[SVPOS:[0-9]+]]}
; CHECK: ![[SVPOS]] = !{i32 0, !"SV_Position", i8 9, i8 3, ![[IDX0]], i8 4, i32 1, i8 4, i32 0, i8 0, ![[EXT:[0-9]+]]}
; CHECK: ![[EXT]] = !{i32 3, i32 15}
; CHECK: ![[VIEWID]] = !{[4 x i32] [i32 5, i32 4, i32 1, i32 2]}

; MD: Target Shader Stage : vertex
; MD: main
; MD-NEXT: Function Shader Stage : vertex
; MD-NEXT: NumThreads: 0,0,0

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() #0 {
  ret void
}

attributes #0 = { nounwind }

!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.viewIdState = !{!4}
!dx.entryPoints = !{!5}

!1 = !{i32 1, i32 0}
!2 = !{i32 1, i32 6}
!3 = !{!"vs", i32 6, i32 0}
!4 = !{[4 x i32] [i32 5, i32 4, i32 1, i32 2]}
!5 = !{ptr @main, !"main", !6, null, null}
!6 = !{!7, !12, null}
!7 = !{!8, !10}
!8 = !{i32 0, !"POSITION", i8 9, i8 0, !9, i8 0, i32 1, i8 3, i32 0, i8 0, null}
!9 = !{i32 0}
!10 = !{i32 1, !"TEXCOORD", i8 9, i8 0, !11, i8 0, i32 1, i8 2, i32 1, i8 0, null}
!11 = !{i32 1}
!12 = !{!13}
!13 = !{i32 0, !"SV_Position", i8 9, i8 3, !9, i8 4, i32 1, i8 4, i32 0, i8 0, !14}
!14 = !{i32 3, i32 15}
