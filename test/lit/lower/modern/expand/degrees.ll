; llvm.dx.degrees: degrees(x) = x * (180 / pi).
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; CHECK-NOT: @llvm.dx.degrees
; CHECK: fmul half %x, 0xH5329
target triple = "dxilv1.6-pc-shadermodel6.6-library"

define half @f(half %x) #0 {
  %r = call half @llvm.dx.degrees.f16(half %x)
  ret half %r
}

attributes #0 = { "hlsl.export" }
