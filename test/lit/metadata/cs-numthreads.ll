; A compute shader: the triple comes from dx.version + dx.shaderModel, the
; entry gets hlsl.shader/hlsl.numthreads, dx.valver stays, and the entry
; record moves verbatim to !dxu.entryPoints.
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %opt -disable-output -passes='print<dxil-metadata>' %t.ll 2>&1 | %FileCheck --check-prefix=MD %s

; CHECK: target triple = "dxilv1.2-pc-shadermodel6.2-compute"
; CHECK: define void @main() #[[ATTR:[0-9]+]]
; CHECK: attributes #[[ATTR]] = { nounwind "hlsl.numthreads"="8,4,2" "hlsl.shader"="compute" }
; CHECK-NOT: !dx.version
; CHECK-NOT: !dx.shaderModel
; CHECK-NOT: !dx.entryPoints
; CHECK: !dx.valver = !{![[VALVER:[0-9]+]]}
; CHECK: !dxu.order = !{![[ORDER:[0-9]+]]}
; CHECK: !dxu.entryPoints = !{![[ENTRY:[0-9]+]]}
; CHECK-NOT: !dx.
; CHECK: ![[VALVER]] = !{i32 1, i32 7}
; CHECK: ![[ORDER]] = !{!"dx.version", !"dx.valver", !"dx.shaderModel", !"dx.entryPoints"}
; CHECK: ![[ENTRY]] = !{ptr @main, !"main", null, null, ![[PROPS:[0-9]+]]}
; CHECK: ![[PROPS]] = !{i32 0, i64 65536, i32 4, ![[NT:[0-9]+]]}
; CHECK: ![[NT]] = !{i32 8, i32 4, i32 2}

; MD: Shader Model Version : 6.2
; MD: DXIL Version : 1.2
; MD: Target Shader Stage : compute
; MD: Validator Version : 1.7
; MD: main
; MD-NEXT: Function Shader Stage : compute
; MD-NEXT: NumThreads: 8,4,2

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() #0 {
  ret void
}

attributes #0 = { nounwind }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.entryPoints = !{!4}

!0 = !{!"hand-written"}
!1 = !{i32 1, i32 2}
!2 = !{i32 1, i32 7}
!3 = !{!"cs", i32 6, i32 2}
!4 = !{ptr @main, !"main", null, null, !5}
!5 = !{i32 0, i64 65536, i32 4, !6}
!6 = !{i32 8, i32 4, i32 2}
