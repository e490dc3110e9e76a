; llvm.dx.uclamp: uclamp(x, lo, hi) = UMin(UMax(x, lo), hi) (ops 40, 39), per lane.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; CHECK-NOT: @llvm.dx.uclamp
; CHECK: [[M:%.*]] = call i32 @dx.op.binary.i32(i32 39,
; CHECK: call i32 @dx.op.binary.i32(i32 40, i32 [[M]],
; CHECK: [[N:%.*]] = call i32 @dx.op.binary.i32(i32 39,
; CHECK: call i32 @dx.op.binary.i32(i32 40, i32 [[N]],
target triple = "dxilv1.6-pc-shadermodel6.6-library"

define <2 x i32> @f(<2 x i32> %x, <2 x i32> %lo, <2 x i32> %hi) #0 {
  %r = call <2 x i32> @llvm.dx.uclamp.v2i32(<2 x i32> %x, <2 x i32> %lo, <2 x i32> %hi)
  ret <2 x i32> %r
}

attributes #0 = { "hlsl.export" }
