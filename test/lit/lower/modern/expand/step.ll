; llvm.dx.step: step(e, x) = x < e ? 0 : 1, per lane.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; CHECK-NOT: @llvm.dx.step
; CHECK: [[C:%.*]] = fcmp olt float %x, %e
; CHECK: select i1 [[C]], float 0.000000e+00, float 1.000000e+00
target triple = "dxilv1.6-pc-shadermodel6.6-library"

define float @f(float %e, float %x) #0 {
  %r = call float @llvm.dx.step.f32(float %e, float %x)
  ret float %r
}

attributes #0 = { "hlsl.export" }
