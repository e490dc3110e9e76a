; A module with no DXIL metadata is left as it is: no triple change, no
; side metadata beyond the datalayout, no diagnostics.
; RUN: %dxil-upgrade --verify %s -o %t.ll 2>%t.err
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck --allow-empty --check-prefix=ERR %s < %t.err

; CHECK: target triple = "dxil-ms-dx"
; CHECK-NOT: hlsl.
; CHECK-NOT: !dxu.order
; CHECK-NOT: !dxu.entryPoints
; ERR-NOT: {{.}}

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  ret void
}
