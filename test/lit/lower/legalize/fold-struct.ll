; Lanes folded through a struct (legalize/legal_fold.c): clang -O0 passes a
; pixel shader's input through its struct (insertvalue of the loaded
; vector, extractvalue of the field, then its lanes). After op lowering,
; each extractvalue of a field an insertvalue wrote is that value, each
; extractelement of a constant lane the value inserted there, and the
; vectors and struct values left unused go (DXC: "Instructions must be of
; an allowed type" on both). A field of an inner struct, read by a path of
; two indices, is found the same way (DXC's validator aborted on the struct
; values left).
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.0-pc-shadermodel6.0-pixel"

%struct.Inner = type { float }
%struct.PSInput = type { <4 x float>, %struct.Inner }

; CHECK-LABEL: define void @main()
; CHECK: %[[X:[0-9]+]] = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
; CHECK: %[[Y:[0-9]+]] = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
; CHECK: %[[Y2:[a-z0-9.]+]] = fadd float %[[Y]], %[[Y]]
; CHECK: call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %[[X]])
; CHECK: call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %[[Y2]])
; CHECK-NOT: insertelement
; CHECK-NOT: extractelement
; CHECK-NOT: insertvalue
; CHECK-NOT: extractvalue
; CHECK: ret void
define void @main() #0 {
entry:
  %SV_POSITION0 = call <4 x float> @llvm.dx.load.input.v4f32(i32 4, i32 0, i32 0, i8 0, i32 poison)
  %s0 = insertvalue %struct.PSInput zeroinitializer, <4 x float> %SV_POSITION0, 0
  %f = extractvalue %struct.PSInput %s0, 0
  %x = extractelement <4 x float> %f, i32 0
  %y = extractelement <4 x float> %f, i32 1
  %in = insertvalue %struct.Inner zeroinitializer, float %y, 0
  %s = insertvalue %struct.PSInput %s0, %struct.Inner %in, 1
  %iy = extractvalue %struct.PSInput %s, 1, 0
  %y2 = fadd float %y, %iy
  %v0 = insertelement <4 x float> poison, float %x, i32 0
  %v1 = insertelement <4 x float> %v0, float %y2, i32 1
  %v2 = insertelement <4 x float> %v1, float 0.0, i32 2
  %v3 = insertelement <4 x float> %v2, float 1.0, i32 3
  call void @llvm.dx.store.output.v4f32(i32 4, i32 0, i32 0, i8 0, i32 poison, <4 x float> %v3)
  ret void
}

declare <4 x float> @llvm.dx.load.input.v4f32(i32, i32, i32, i8, i32)
declare void @llvm.dx.store.output.v4f32(i32, i32, i32, i8, i32, <4 x float>)

attributes #0 = { "hlsl.shader"="pixel" }
