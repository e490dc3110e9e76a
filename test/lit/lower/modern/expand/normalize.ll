; llvm.dx.normalize: normalize(x) = x * rsqrt(dot(x, x)): dot3 (op 55) and Rsqrt (op 25);
; a scalar is x / x, as LLVM expands it.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; CHECK-NOT: @llvm.dx.normalize
; CHECK-LABEL: define <3 x float> @v(
; CHECK: [[D:%.*]] = call float @dx.op.dot3.f32(i32 55,
; CHECK: [[S:%.*]] = call float @dx.op.unary.f32(i32 25, float [[D]])
; CHECK-COUNT-3: fmul float {{%.*}}, [[S]]
; CHECK-LABEL: define half @s(
; CHECK: fdiv half %x, %x
target triple = "dxilv1.6-pc-shadermodel6.6-library"

define <3 x float> @v(<3 x float> %x) #0 {
  %r = call <3 x float> @llvm.dx.normalize.v3f32(<3 x float> %x)
  ret <3 x float> %r
}
define half @s(half %x) #0 {
  %r = call half @llvm.dx.normalize.f16(half %x)
  ret half %r
}

attributes #0 = { "hlsl.export" }
