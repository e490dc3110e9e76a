; SM 6.10 / DXIL 1.10 are newer than any LLVM 22 triple: the triple names
; the newest it can (1.9, 6.9), a warning says so, and the exact nodes are
; kept as !dxu.version and !dxu.shaderModel.
; RUN: %dxil-upgrade --verify %s -o %t.ll 2>%t.err
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck --check-prefix=WARN %s < %t.err

; WARN: warning: shader model cs_6_10 / DXIL 1.10 has no exact LLVM 22 triple{{.*}} [DXIL5004]
; CHECK: target triple = "dxilv1.9-pc-shadermodel6.9-compute"
; CHECK: !dxu.version = !{![[V:[0-9]+]]}
; CHECK: !dxu.shaderModel = !{![[SM:[0-9]+]]}
; CHECK-DAG: ![[V]] = !{i32 1, i32 10}
; CHECK-DAG: ![[SM]] = !{!"cs", i32 6, i32 10}

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  ret void
}

!dx.version = !{!1}
!dx.valver = !{!1}
!dx.shaderModel = !{!2}
!dx.entryPoints = !{!3}

!1 = !{i32 1, i32 10}
!2 = !{!"cs", i32 6, i32 10}
!3 = !{ptr @main, !"main", null, null, !4}
!4 = !{i32 4, !5}
!5 = !{i32 1, i32 1, i32 1}
