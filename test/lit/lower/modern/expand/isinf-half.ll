; llvm.dx.isinf / isnan of half before DXIL 1.9: IsInf and IsNaN take half
; from 1.9 only; the half is widened to float (every infinity and NaN stays
; one, no new one appears), vectors too (a library keeps vector values). At 1.9 the half op stays.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; RUN: sed 's/dxilv1.6-pc-shadermodel6.6/dxilv1.9-pc-shadermodel6.9/' %s | %dxil-lower - -o - | %FileCheck %s --check-prefix=V19
; CHECK-LABEL: define i1 @s(half %h)
; CHECK: [[W:%.*]] = fpext half %h to float
; CHECK: call i1 @dx.op.isSpecialFloat.f32(i32 9, float [[W]])
; CHECK-LABEL: define i1 @v(<2 x half> %h)
; CHECK: fpext <2 x half> %h to <2 x float>
; CHECK: call i1 @dx.op.isSpecialFloat.f32(i32 8,
; CHECK: call i1 @dx.op.isSpecialFloat.f32(i32 8,
; CHECK-NOT: isSpecialFloat.f16
; V19: call i1 @dx.op.isSpecialFloat.f16(i32 9, half %h)
target triple = "dxilv1.6-pc-shadermodel6.6-library"

define i1 @s(half %h) #0 {
  %r = call i1 @llvm.dx.isinf.f16(half %h)
  ret i1 %r
}

define i1 @v(<2 x half> %h) #0 {
  %r = call <2 x i1> @llvm.dx.isnan.v2f16(<2 x half> %h)
  %a = extractelement <2 x i1> %r, i32 0
  %b = extractelement <2 x i1> %r, i32 1
  %c = and i1 %a, %b
  ret i1 %c
}

declare i1 @llvm.dx.isinf.f16(half)
declare <2 x i1> @llvm.dx.isnan.v2f16(<2 x half>)

attributes #0 = { "hlsl.export" }
