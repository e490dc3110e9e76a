; SM 6.9 vector overloads ("<" in the overload letters) raise to the same
; intrinsics at the vector type; countbits casts <N x i64> to <N x i32>.
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %s

; CHECK-LABEL: define <4 x float> @vec(<4 x float> %x, <4 x i32> %a, <2 x i64> %b)
; CHECK-NEXT: %s = call fast <4 x float> @llvm.sin.v4f32(<4 x float> %x)
; CHECK-NEXT: %m = call <4 x i32> @llvm.smax.v4i32(<4 x i32> %a, <4 x i32> %a)
; CHECK-NEXT: %n = call <4 x i1> @llvm.dx.isnan.v4f32(<4 x float> %s)
; CHECK-NEXT: [[P:%.*]] = call <2 x i64> @llvm.ctpop.v2i64(<2 x i64> %b)
; CHECK-NEXT: %c = trunc <2 x i64> [[P]] to <2 x i32>
; CHECK-NEXT: %f = call fast <4 x float> @llvm.fmuladd.v4f32(<4 x float> %s, <4 x float> %s, <4 x float> %x)
; CHECK-NOT: dx.op.

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define <4 x float> @vec(<4 x float> %x, <4 x i32> %a, <2 x i64> %b) {
  %s = call <4 x float> @dx.op.unary.v4f32(i32 13, <4 x float> %x)
  %m = call <4 x i32> @dx.op.binary.v4i32(i32 37, <4 x i32> %a, <4 x i32> %a)
  %n = call <4 x i1> @dx.op.isSpecialFloat.v4f32(i32 8, <4 x float> %s)
  %c = call <2 x i32> @dx.op.unaryBits.v2i64(i32 31, <2 x i64> %b)
  %f = call <4 x float> @dx.op.tertiary.v4f32(i32 46, <4 x float> %s, <4 x float> %s, <4 x float> %x)
  ret <4 x float> %f
}

define void @main() {
  ret void
}

declare <4 x float> @dx.op.unary.v4f32(i32, <4 x float>) #0
declare <4 x i32> @dx.op.binary.v4i32(i32, <4 x i32>, <4 x i32>) #0
declare <4 x i1> @dx.op.isSpecialFloat.v4f32(i32, <4 x float>) #0
declare <2 x i32> @dx.op.unaryBits.v2i64(i32, <2 x i64>) #0
declare <4 x float> @dx.op.tertiary.v4f32(i32, <4 x float>, <4 x float>, <4 x float>) #0

attributes #0 = { nounwind memory(none) }

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 9}
!1 = !{!"cs", i32 6, i32 9}
!2 = !{ptr @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 8, i32 8, i32 1}
