; Unary float ops become the generic llvm.* math intrinsics or llvm.dx.*
; ones, overloaded on the dx.op result type; fast-math flags are full
; unless the call carried !dx.precise.
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll

; CHECK-LABEL: define float @unary(float %x, half %h)
; CHECK-NEXT: %a = call fast float @llvm.sin.f32(float %x)
; CHECK-NEXT: %b = call fast float @llvm.cos.f32(float %a)
; CHECK-NEXT: %c = call float @llvm.fabs.f32(float %b)
; CHECK-NEXT: %d = call fast half @llvm.exp2.f16(half %h)
; CHECK-NEXT: %e = call fast float @llvm.dx.saturate.f32(float %c)
; CHECK-NEXT: %f = call fast float @llvm.dx.frac.f32(float %e)
; CHECK-NEXT: %g = call fast float @llvm.dx.rsqrt.f32(float %f)
; CHECK-NEXT: %r0 = call fast float @llvm.roundeven.f32(float %g)
; CHECK-NEXT: %r1 = call fast float @llvm.floor.f32(float %r0)
; CHECK-NEXT: %r2 = call fast float @llvm.ceil.f32(float %r1)
; CHECK-NEXT: %r3 = call fast float @llvm.trunc.f32(float %r2)
; CHECK-NEXT: %l = call fast float @llvm.log2.f32(float %r3)
; CHECK-NEXT: %s = call fast float @llvm.sqrt.f32(float %l)
; CHECK-NEXT: %t = call fast float @llvm.tanh.f32(float %s)
; CHECK-NEXT: ret float %t
; CHECK-NOT: dx.op.

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define float @unary(float %x, half %h) {
  %a = call float @dx.op.unary.f32(i32 13, float %x)
  %b = call float @dx.op.unary.f32(i32 12, float %a)
  %c = call float @dx.op.unary.f32(i32 6, float %b), !dx.precise !0
  %d = call half @dx.op.unary.f16(i32 21, half %h)
  %e = call float @dx.op.unary.f32(i32 7, float %c)
  %f = call float @dx.op.unary.f32(i32 22, float %e)
  %g = call float @dx.op.unary.f32(i32 25, float %f)
  %r0 = call float @dx.op.unary.f32(i32 26, float %g)
  %r1 = call float @dx.op.unary.f32(i32 27, float %r0)
  %r2 = call float @dx.op.unary.f32(i32 28, float %r1)
  %r3 = call float @dx.op.unary.f32(i32 29, float %r2)
  %l = call float @dx.op.unary.f32(i32 23, float %r3)
  %s = call float @dx.op.unary.f32(i32 24, float %l)
  %t = call float @dx.op.unary.f32(i32 20, float %s)
  ret float %t
}

declare float @dx.op.unary.f32(i32, float) #0
declare half @dx.op.unary.f16(i32, half) #0

attributes #0 = { nounwind memory(none) }

!0 = !{i32 1}
