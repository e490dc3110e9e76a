; llvm.dx.all: all(x): each lane != 0, and-ed.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; CHECK-NOT: @llvm.dx.all
; CHECK: [[A:%.*]] = icmp ne i32 {{%.*}}, 0
; CHECK: [[B:%.*]] = icmp ne i32 {{%.*}}, 0
; CHECK: [[AB:%.*]] = and i1 [[A]], [[B]]
; CHECK: [[C:%.*]] = icmp ne i32 {{%.*}}, 0
; CHECK: and i1 [[AB]], [[C]]
target triple = "dxilv1.6-pc-shadermodel6.6-library"

define i1 @v(<3 x i32> %x) #0 {
  %r = call i1 @llvm.dx.all.v3i32(<3 x i32> %x)
  ret i1 %r
}

attributes #0 = { "hlsl.export" }
