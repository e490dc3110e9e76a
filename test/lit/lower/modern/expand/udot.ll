; llvm.dx.udot: udot(a, b) = a0*b0, then UMad (op 49) per lane.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; CHECK-NOT: @llvm.dx.udot
; CHECK: [[M:%.*]] = mul i32
; CHECK: call i32 @dx.op.tertiary.i32(i32 49, i32 {{%.*}}, i32 {{%.*}}, i32 [[M]])
target triple = "dxilv1.6-pc-shadermodel6.6-library"

define i32 @f(<2 x i32> %a, <2 x i32> %b) #0 {
  %r = call i32 @llvm.dx.udot.v2i32(<2 x i32> %a, <2 x i32> %b)
  ret i32 %r
}

attributes #0 = { "hlsl.export" }
