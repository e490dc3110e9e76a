; llvm.dx.cross: cross(a, b) = a.yzx * b.zxy - a.zxy * b.yzx, lane by lane (LLVM's
; DXILIntrinsicExpansion); fast-math flags follow.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; CHECK-NOT: @llvm.dx.cross
; CHECK-DAG: [[A0:%.*]] = extractelement <3 x float> %a, i32 0
; CHECK-DAG: [[A1:%.*]] = extractelement <3 x float> %a, i32 1
; CHECK-DAG: [[A2:%.*]] = extractelement <3 x float> %a, i32 2
; CHECK-DAG: [[B0:%.*]] = extractelement <3 x float> %b, i32 0
; CHECK-DAG: [[B1:%.*]] = extractelement <3 x float> %b, i32 1
; CHECK-DAG: [[B2:%.*]] = extractelement <3 x float> %b, i32 2
; CHECK: [[P:%.*]] = fmul fast float [[A1]], [[B2]]
; CHECK: [[Q:%.*]] = fmul fast float [[A2]], [[B1]]
; CHECK: [[X:%.*]] = fsub fast float [[P]], [[Q]]
; CHECK: [[P:%.*]] = fmul fast float [[A2]], [[B0]]
; CHECK: [[Q:%.*]] = fmul fast float [[A0]], [[B2]]
; CHECK: [[Y:%.*]] = fsub fast float [[P]], [[Q]]
; CHECK: [[P:%.*]] = fmul fast float [[A0]], [[B1]]
; CHECK: [[Q:%.*]] = fmul fast float [[A1]], [[B0]]
; CHECK: [[Z:%.*]] = fsub fast float [[P]], [[Q]]
; CHECK: [[R0:%.*]] = insertelement <3 x float> poison, float [[X]], i32 0
; CHECK: [[R1:%.*]] = insertelement <3 x float> [[R0]], float [[Y]], i32 1
; CHECK: insertelement <3 x float> [[R1]], float [[Z]], i32 2
; CHECK-NOT: llvm.dx.cross
target triple = "dxilv1.6-pc-shadermodel6.6-library"

define <3 x float> @f(<3 x float> %a, <3 x float> %b) #0 {
  %r = call fast <3 x float> @llvm.dx.cross.v3f32(<3 x float> %a, <3 x float> %b)
  ret <3 x float> %r
}

attributes #0 = { "hlsl.export" }
