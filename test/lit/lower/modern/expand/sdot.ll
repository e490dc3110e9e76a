; llvm.dx.sdot: sdot(a, b) = a0*b0, then IMad (op 48) per lane, as LLVM expands it.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; CHECK-NOT: @llvm.dx.sdot
; CHECK: [[M:%.*]] = mul i32
; CHECK: [[A:%.*]] = call i32 @dx.op.tertiary.i32(i32 48, i32 {{%.*}}, i32 {{%.*}}, i32 [[M]])
; CHECK: call i32 @dx.op.tertiary.i32(i32 48, i32 {{%.*}}, i32 {{%.*}}, i32 [[A]])
target triple = "dxilv1.6-pc-shadermodel6.6-library"

define i32 @f(<3 x i32> %a, <3 x i32> %b) #0 {
  %r = call i32 @llvm.dx.sdot.v3i32(<3 x i32> %a, <3 x i32> %b)
  ret i32 %r
}

attributes #0 = { "hlsl.export" }
