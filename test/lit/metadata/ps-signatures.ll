; A pixel shader (SM 6.1, DXIL 1.1) with signatures, shader flags and a
; dx.typeAnnotations node that points at the entry function.
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %opt -disable-output -passes='print<dxil-metadata>' %t.ll 2>&1 | %FileCheck --check-prefix=MD %s

; CHECK: target triple = "dxilv1.1-pc-shadermodel6.1-pixel"
; CHECK: define void @ps_main() #[[A:[0-9]+]]
; CHECK: attributes #[[A]] = { nounwind "hlsl.shader"="pixel" }
; CHECK: !dxu.entryPoints = !{![[ENTRY:[0-9]+]]}
; CHECK: !dxu.typeAnnotations = !{![[TA:[0-9]+]]}
; CHECK: ![[ENTRY]] = !{ptr @ps_main, !"ps_main", ![[SIGS:[0-9]+]], null, ![[PROPS:[0-9]+]]}
; CHECK: ![[SIGS]] = !{![[IN:[0-9]+]], ![[OUT:[0-9]+]], null}
; CHECK: ![[IN]] = !{![[COLOR:[0-9]+]]}
; CHECK: ![[COLOR]] = !{i32 0, !"COLOR", i8 9, i8 0, !{{[0-9]+}}, i8 2, i32 1, i8 4, i32 0, i8 0, null}
; CHECK: ![[OUT]] = !{![[TARGET:[0-9]+]]}
; CHECK: ![[TARGET]] = !{i32 0, !"SV_Target", i8 9, i8 16, !{{[0-9]+}}, i8 0, i32 1, i8 4, i32 0, i8 0, null}
; CHECK: ![[PROPS]] = !{i32 0, i64 8}
; CHECK: ![[TA]] = !{i32 1, ptr @ps_main, !{{[0-9]+}}}

; MD: Shader Model Version : 6.1
; MD: DXIL Version : 1.1
; MD: Target Shader Stage : pixel
; MD: Validator Version : 1.1
; MD: ps_main
; MD-NEXT: Function Shader Stage : pixel

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @ps_main() #0 {
  ret void
}

attributes #0 = { nounwind }

!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.typeAnnotations = !{!4}
!dx.entryPoints = !{!8}

!1 = !{i32 1, i32 1}
!2 = !{i32 1, i32 1}
!3 = !{!"ps", i32 6, i32 1}
!4 = !{i32 1, ptr @ps_main, !5}
!5 = !{!6}
!6 = !{i32 0, !7, !7}
!7 = !{}
!8 = !{ptr @ps_main, !"ps_main", !9, null, !14}
!9 = !{!10, !12, null}
!10 = !{!11}
!11 = !{i32 0, !"COLOR", i8 9, i8 0, !15, i8 2, i32 1, i8 4, i32 0, i8 0, null}
!12 = !{!13}
!13 = !{i32 0, !"SV_Target", i8 9, i8 16, !15, i8 0, i32 1, i8 4, i32 0, i8 0, null}
!14 = !{i32 0, i64 8}
!15 = !{i32 0}
