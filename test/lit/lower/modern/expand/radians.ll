; llvm.dx.radians: radians(x) = x * (pi / 180).
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; CHECK-NOT: @llvm.dx.radians
; CHECK: fmul float %x, 0x3F91DF46A0000000
target triple = "dxilv1.6-pc-shadermodel6.6-library"

define float @f(float %x) #0 {
  %r = call float @llvm.dx.radians.f32(float %x)
  ret float %r
}

attributes #0 = { "hlsl.export" }
