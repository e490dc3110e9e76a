; Lanes folded after op lowering (legalize/legal_fold.c): the data
; scalarization reads an llvm.dx.* vector result lane by lane
; (extractelement after the call) and builds the vector an llvm.dx.* call
; takes (insertelement before it); the op lowering makes one loadInput per
; component, put together with insertelement, and one storeOutput per
; component read with extractelement. Before SM 6.9 DXIL allows neither
; (DXC: "Instructions must be of an allowed type"): each extractelement of
; a constant lane becomes the value inserted there, and the chains left
; unused go.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.0-pc-shadermodel6.0-vertex"

; CHECK-LABEL: define void @main()
; CHECK: %[[X:[0-9]+]] = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
; CHECK: %[[Y:[0-9]+]] = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
; CHECK: %[[M0:[a-z0-9.]+]] = fmul fast float %[[X]], 2.000000e+00
; CHECK: call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %[[M0]])
; CHECK-NOT: insertelement
; CHECK-NOT: extractelement
; CHECK-NOT: x float>
define void @main() #0 {
entry:
  %COLOR0 = call <4 x float> @llvm.dx.load.input.v4f32(i32 4, i32 0, i32 0, i8 0, i32 poison)
  %m = fmul fast <4 x float> %COLOR0, <float 2.0, float 2.0, float 2.0, float 2.0>
  call void @llvm.dx.store.output.v4f32(i32 4, i32 0, i32 0, i8 0, i32 poison, <4 x float> %m)
  ret void
}

declare <4 x float> @llvm.dx.load.input.v4f32(i32, i32, i32, i8, i32)
declare void @llvm.dx.store.output.v4f32(i32, i32, i32, i8, i32, <4 x float>)

attributes #0 = { "hlsl.shader"="vertex" }
