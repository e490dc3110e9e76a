; llvm.dx.fdot: fdot of half/float 2-4 lanes -> dot2/3/4 (ops 54-56); of doubles, which
; DXIL's dot ops do not take, a multiply-add chain.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; CHECK-NOT: @llvm.dx.fdot
; CHECK-LABEL: define float @f2(
; CHECK: call float @dx.op.dot2.f32(i32 54,
; CHECK-LABEL: define half @h4(
; CHECK: call half @dx.op.dot4.f16(i32 56,
; CHECK-LABEL: define double @d3(
; CHECK: [[M0:%.*]] = fmul double
; CHECK: [[M1:%.*]] = fmul double
; CHECK: [[S1:%.*]] = fadd double [[M0]], [[M1]]
; CHECK: [[M2:%.*]] = fmul double
; CHECK: fadd double [[S1]], [[M2]]
target triple = "dxilv1.6-pc-shadermodel6.6-library"

define float @f2(<2 x float> %a, <2 x float> %b) #0 {
  %r = call float @llvm.dx.fdot.v2f32(<2 x float> %a, <2 x float> %b)
  ret float %r
}
define half @h4(<4 x half> %a, <4 x half> %b) #0 {
  %r = call half @llvm.dx.fdot.v4f16(<4 x half> %a, <4 x half> %b)
  ret half %r
}
define double @d3(<3 x double> %a, <3 x double> %b) #0 {
  %r = call double @llvm.dx.fdot.v3f64(<3 x double> %a, <3 x double> %b)
  ret double %r
}

attributes #0 = { "hlsl.export" }
