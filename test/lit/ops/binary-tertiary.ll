; Binary and tertiary ops: min/max pick the float or signed/unsigned
; integer intrinsic from the op, FMad becomes fmuladd and Fma fma.
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll

; CHECK-LABEL: define i32 @ints(i32 %a, i32 %b, i64 %c)
; CHECK-NEXT: %smax = call i32 @llvm.smax.i32(i32 %a, i32 %b)
; CHECK-NEXT: %smin = call i32 @llvm.smin.i32(i32 %smax, i32 %b)
; CHECK-NEXT: %umax = call i64 @llvm.umax.i64(i64 %c, i64 %c)
; CHECK-NEXT: %umin = call i32 @llvm.umin.i32(i32 %smin, i32 %a)
; CHECK-NEXT: %imad = call i32 @llvm.dx.imad.i32(i32 %umin, i32 %a, i32 %b)
; CHECK-NEXT: %umad = call i32 @llvm.dx.umad.i32(i32 %imad, i32 %a, i32 %b)
; CHECK-NEXT: %rev = call i32 @llvm.bitreverse.i32(i32 %umad)
; CHECK-NEXT: ret i32 %rev

; CHECK-LABEL: define double @floats(float %x, float %y, double %d)
; CHECK-NEXT: %max = call fast float @llvm.maxnum.f32(float %x, float %y)
; CHECK-NEXT: %min = call fast float @llvm.minnum.f32(float %max, float %y)
; CHECK-NEXT: %mad = call fast float @llvm.fmuladd.f32(float %min, float %x, float %y)
; CHECK-NEXT: %fma = call fast double @llvm.fma.f64(double %d, double %d, double %d)
; CHECK-NEXT: ret double %fma
; CHECK-NOT: dx.op.

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define i32 @ints(i32 %a, i32 %b, i64 %c) {
  %smax = call i32 @dx.op.binary.i32(i32 37, i32 %a, i32 %b)
  %smin = call i32 @dx.op.binary.i32(i32 38, i32 %smax, i32 %b)
  %umax = call i64 @dx.op.binary.i64(i32 39, i64 %c, i64 %c)
  %umin = call i32 @dx.op.binary.i32(i32 40, i32 %smin, i32 %a)
  %imad = call i32 @dx.op.tertiary.i32(i32 48, i32 %umin, i32 %a, i32 %b)
  %umad = call i32 @dx.op.tertiary.i32(i32 49, i32 %imad, i32 %a, i32 %b)
  %rev = call i32 @dx.op.unary.i32(i32 30, i32 %umad)
  ret i32 %rev
}

define double @floats(float %x, float %y, double %d) {
  %max = call float @dx.op.binary.f32(i32 35, float %x, float %y)
  %min = call float @dx.op.binary.f32(i32 36, float %max, float %y)
  %mad = call float @dx.op.tertiary.f32(i32 46, float %min, float %x, float %y)
  %fma = call double @dx.op.tertiary.f64(i32 47, double %d, double %d, double %d)
  ret double %fma
}

declare i32 @dx.op.binary.i32(i32, i32, i32) #0
declare i64 @dx.op.binary.i64(i32, i64, i64) #0
declare float @dx.op.binary.f32(i32, float, float) #0
declare i32 @dx.op.tertiary.i32(i32, i32, i32, i32) #0
declare float @dx.op.tertiary.f32(i32, float, float, float) #0
declare double @dx.op.tertiary.f64(i32, double, double, double) #0
declare i32 @dx.op.unary.i32(i32, i32) #0

attributes #0 = { nounwind memory(none) }
