; Dot2/3/4 take scalar operands in both forms: each dx.op operand becomes
; the same intrinsic argument of llvm.dx.dot2/3/4.
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll

; CHECK-LABEL: define float @dots(float %a, float %b, float %c, float %d, half %h)
; CHECK-NEXT: %d2 = call fast float @llvm.dx.dot2.f32(float %a, float %b, float %c, float %d)
; CHECK-NEXT: %d3 = call fast float @llvm.dx.dot3.f32(float %a, float %b, float %c, float %d, float %a, float %b)
; CHECK-NEXT: %d4 = call float @llvm.dx.dot4.f32(float %a, float %b, float %c, float %d, float %a, float %b, float %c, float %d)
; CHECK-NEXT: %dh = call fast half @llvm.dx.dot2.f16(half %h, half %h, half %h, half %h)
; CHECK-NOT: dx.op.

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define float @dots(float %a, float %b, float %c, float %d, half %h) {
  %d2 = call float @dx.op.dot2.f32(i32 54, float %a, float %b, float %c, float %d)
  %d3 = call float @dx.op.dot3.f32(i32 55, float %a, float %b, float %c, float %d, float %a, float %b)
  %d4 = call float @dx.op.dot4.f32(i32 56, float %a, float %b, float %c, float %d, float %a, float %b, float %c, float %d), !dx.precise !0
  %dh = call half @dx.op.dot2.f16(i32 54, half %h, half %h, half %h, half %h)
  %s = fadd float %d2, %d3
  %t = fadd float %s, %d4
  ret float %t
}

declare float @dx.op.dot2.f32(i32, float, float, float, float) #0
declare float @dx.op.dot3.f32(i32, float, float, float, float, float, float) #0
declare float @dx.op.dot4.f32(i32, float, float, float, float, float, float, float, float) #0
declare half @dx.op.dot2.f16(i32, half, half, half, half) #0

attributes #0 = { nounwind memory(none) }

!0 = !{i32 1}
