; isSpecialFloat: IsNaN/IsInf become llvm.dx.isnan/isinf; IsFinite and
; IsNormal have no dx intrinsic and become llvm.is.fpclass with the class
; mask from the table (0x1F8 finite, 0x108 normal).
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll

; CHECK-LABEL: define i1 @special(float %x, half %h)
; CHECK-NEXT: %nan = call i1 @llvm.dx.isnan.f32(float %x)
; CHECK-NEXT: %inf = call i1 @llvm.dx.isinf.f32(float %x)
; CHECK-NEXT: %fin = call i1 @llvm.is.fpclass.f32(float %x, i32 504)
; CHECK-NEXT: %nrm = call i1 @llvm.is.fpclass.f16(half %h, i32 264)
; CHECK-NOT: dx.op.

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define i1 @special(float %x, half %h) {
  %nan = call i1 @dx.op.isSpecialFloat.f32(i32 8, float %x)
  %inf = call i1 @dx.op.isSpecialFloat.f32(i32 9, float %x)
  %fin = call i1 @dx.op.isSpecialFloat.f32(i32 10, float %x)
  %nrm = call i1 @dx.op.isSpecialFloat.f16(i32 11, half %h)
  %o1 = or i1 %nan, %inf
  %o2 = or i1 %fin, %nrm
  %o3 = or i1 %o1, %o2
  ret i1 %o3
}

declare i1 @dx.op.isSpecialFloat.f32(i32, float) #0
declare i1 @dx.op.isSpecialFloat.f16(i32, half) #0

attributes #0 = { nounwind memory(none) }
