; llvm.dx.lerp: lerp(a, b, s) = a + s * (b - a), per lane, with the call's flags.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; CHECK-NOT: @llvm.dx.lerp
; CHECK: [[D:%.*]] = fsub nnan float [[B:%.*]], [[A:%.*]]
; CHECK: [[M:%.*]] = fmul nnan float {{%.*}}, [[D]]
; CHECK: fadd nnan float [[A]], [[M]]
target triple = "dxilv1.6-pc-shadermodel6.6-library"

define <2 x float> @f(<2 x float> %a, <2 x float> %b, <2 x float> %s) #0 {
  %r = call nnan <2 x float> @llvm.dx.lerp.v2f32(<2 x float> %a, <2 x float> %b, <2 x float> %s)
  ret <2 x float> %r
}

attributes #0 = { "hlsl.export" }
