; llvm.dx.nclamp: nclamp(x, lo, hi) = FMin(FMax(x, lo), hi) (ops 35, 36).
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; CHECK-NOT: @llvm.dx.nclamp
; CHECK: [[M:%.*]] = call float @dx.op.binary.f32(i32 35, float %x, float %lo)
; CHECK: call float @dx.op.binary.f32(i32 36, float [[M]], float %hi)
target triple = "dxilv1.6-pc-shadermodel6.6-library"

define float @f(float %x, float %lo, float %hi) #0 {
  %r = call float @llvm.dx.nclamp.f32(float %x, float %lo, float %hi)
  ret float %r
}

attributes #0 = { "hlsl.export" }
