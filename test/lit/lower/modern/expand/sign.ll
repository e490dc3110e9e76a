; llvm.dx.sign: sign(x) = (0 < x) - (x < 0) as i32: fcmp olt for floats, icmp slt for
; integers.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; CHECK-NOT: @llvm.dx.sign
; CHECK-LABEL: define i32 @f(
; CHECK: [[G:%.*]] = fcmp olt float 0.000000e+00, %x
; CHECK: [[L:%.*]] = fcmp olt float %x, 0.000000e+00
; CHECK: [[GZ:%.*]] = zext i1 [[G]] to i32
; CHECK: [[LZ:%.*]] = zext i1 [[L]] to i32
; CHECK: sub i32 [[GZ]], [[LZ]]
; CHECK-LABEL: define <2 x i32> @i(
; CHECK: icmp slt i64 0,
; CHECK: icmp slt i64 {{%.*}}, 0
target triple = "dxilv1.6-pc-shadermodel6.6-library"

define i32 @f(float %x) #0 {
  %r = call i32 @llvm.dx.sign.f32(float %x)
  ret i32 %r
}
define <2 x i32> @i(<2 x i64> %x) #0 {
  %r = call <2 x i32> @llvm.dx.sign.v2i64(<2 x i64> %x)
  ret <2 x i32> %r
}

attributes #0 = { "hlsl.export" }
