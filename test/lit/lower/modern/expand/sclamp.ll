; llvm.dx.sclamp: sclamp(x, lo, hi) = IMin(IMax(x, lo), hi) (ops 38, 37).
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; CHECK-NOT: @llvm.dx.sclamp
; CHECK: [[M:%.*]] = call i16 @dx.op.binary.i16(i32 37, i16 %x, i16 %lo)
; CHECK: call i16 @dx.op.binary.i16(i32 38, i16 [[M]], i16 %hi)
target triple = "dxilv1.6-pc-shadermodel6.6-library"

define i16 @f(i16 %x, i16 %lo, i16 %hi) #0 {
  %r = call i16 @llvm.dx.sclamp.i16(i16 %x, i16 %lo, i16 %hi)
  ret i16 %r
}

attributes #0 = { "hlsl.export" }
