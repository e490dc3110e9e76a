; Derivative ops (unary class, pixel/compute stages) become the
; llvm.dx.ddx/ddy coarse and fine intrinsics. A derivative reads the other
; lanes of its quad, so each call is convergent (docs/ops.md
; "Convergence"): on the call, as LLVM 22 does not declare these
; intrinsics so, and with the entry's convergence token.
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll

; CHECK-LABEL: define float @derivs(float %x)
; CHECK-NEXT: %conv.entry = call token @llvm.experimental.convergence.entry()
; CHECK-NEXT: %cx = call fast float @llvm.dx.ddx.coarse.f32(float %x) #[[C:[0-9]+]] [ "convergencectrl"(token %conv.entry) ]
; CHECK-NEXT: %cy = call fast float @llvm.dx.ddy.coarse.f32(float %cx)
; CHECK-NEXT: %fx = call fast float @llvm.dx.ddx.fine.f32(float %cy)
; CHECK-NEXT: %fy = call fast float @llvm.dx.ddy.fine.f32(float %fx)
; CHECK-NOT: dx.op.
; CHECK: attributes #[[C]] = { convergent }

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define float @derivs(float %x) {
  %cx = call float @dx.op.unary.f32(i32 83, float %x)
  %cy = call float @dx.op.unary.f32(i32 84, float %cx)
  %fx = call float @dx.op.unary.f32(i32 85, float %cy)
  %fy = call float @dx.op.unary.f32(i32 86, float %fx)
  ret float %fy
}

declare float @dx.op.unary.f32(i32, float) #0

attributes #0 = { nounwind memory(none) }
