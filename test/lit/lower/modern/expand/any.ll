; llvm.dx.any: any(x): each lane != 0 (une for floats), or-ed; an i1 is itself.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; CHECK-NOT: @llvm.dx.any
; CHECK-LABEL: define i1 @v(
; CHECK: [[A:%.*]] = fcmp une float {{%.*}}, 0.0
; CHECK: [[B:%.*]] = fcmp une float {{%.*}}, 0.0
; CHECK: or i1 [[A]], [[B]]
; CHECK-LABEL: define i1 @b(
; CHECK-NEXT: ret i1 %x
target triple = "dxilv1.6-pc-shadermodel6.6-library"

define i1 @v(<2 x float> %x) #0 {
  %r = call i1 @llvm.dx.any.v2f32(<2 x float> %x)
  ret i1 %r
}
define i1 @b(i1 %x) #0 {
  %r = call i1 @llvm.dx.any.i1(i1 %x)
  ret i1 %r
}

attributes #0 = { "hlsl.export" }
