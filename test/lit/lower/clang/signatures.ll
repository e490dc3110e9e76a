; signatures: clang 22 gives every input and output element ID 0 and no
; signature metadata; the semantic is only the load's value name. Each
; distinct input semantic becomes one element (IDs in order, the loads
; rewritten to them); the one output of a vertex entry is SV_Position, of
; a pixel entry SV_Target. Records as DXC writes them: component type,
; semantic kind, index list, interpolation (vertex inputs none, vertex
; output SV_Position noperspective), columns, start row, usage mask (the
; lanes read of an input: .x and .z of COLOR1 -> 5).
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; RUN: sed 's/%%TEXCOORD0 = /%%0 = /; s/%%TEXCOORD0,/%%0,/' %s > %t.unnamed.ll
; RUN: %expect-exit 1 %dxil-lower %t.unnamed.ll -o %t.out.ll 2>&1 | %FileCheck %s --check-prefix=UNNAMED
; An input of array type is refused: float[4] and float2x2 load alike.
; RUN: sed 's/%%TEXCOORD0 = call <2 x float> @llvm.dx.load.input.v2f32(/%%ARR0 = call [4 x float] @llvm.dx.load.input.a4f32(/; s/extractelement <2 x float> %%TEXCOORD0, i32 \([01]\)/extractvalue [4 x float] %%ARR0, \1/' %s > %t.array.ll
; RUN: %expect-exit 1 %dxil-lower %t.array.ll -o %t.out.ll 2>&1 | %FileCheck %s --check-prefix=ARRAY
; ARRAY: error: @main: `%ARR0 = call [4 x float] @llvm.dx.load.input.a4f32(i32 4, i32 0, i32 0, i8 0, i32 poison)`: an input of array type: clang 22 loads arrays and matrices alike (float[4] and float2x2 are both [4 x float]), so its signature rows are unknown
; CHECK: call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
; CHECK: call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 0, i32 undef)
; CHECK: call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 2, i32 undef)
; CHECK: call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3,
; CHECK: !{ptr @main, !"main", [[SIG:![0-9]+]], null, null}
; CHECK: [[SIG]] = !{[[IN:![0-9]+]], [[OUT:![0-9]+]], null}
; CHECK: [[IN]] = !{[[T:![0-9]+]], [[C:![0-9]+]]}
; CHECK: [[T]] = !{i32 0, !"TEXCOORD", i8 9, i8 0, [[I0:![0-9]+]], i8 0, i32 1, i8 2, i32 0, i8 0, [[M3:![0-9]+]]}
; CHECK: [[I0]] = !{i32 0}
; CHECK: [[M3]] = !{i32 3, i32 3}
; CHECK: [[C]] = !{i32 1, !"COLOR", i8 9, i8 0, [[I1:![0-9]+]], i8 0, i32 1, i8 4, i32 1, i8 0, [[M5:![0-9]+]]}
; CHECK: [[I1]] = !{i32 1}
; CHECK: [[M5]] = !{i32 3, i32 5}
; CHECK: [[OUT]] = !{[[P:![0-9]+]]}
; CHECK: [[P]] = !{i32 0, !"SV_Position", i8 9, i8 3, [[I0]], i8 4, i32 1, i8 4, i32 0, i8 0, [[M15:![0-9]+]]}
; UNNAMED: error: @main: `%0 = call <2 x float> @llvm.dx.load.input.v2f32(i32 4, i32 0, i32 0, i8 0, i32 poison)`: the input has no semantic: clang 22 names it only through the load's value name, and this load has none [DXIL6000]
target triple = "dxilv1.0-pc-shadermodel6.0-vertex"

define void @main() #0 {
entry:
  %TEXCOORD0 = call <2 x float> @llvm.dx.load.input.v2f32(i32 4, i32 0, i32 0, i8 0, i32 poison)
  %COLOR1 = call <4 x float> @llvm.dx.load.input.v4f32(i32 4, i32 0, i32 0, i8 0, i32 poison)
  %c0 = extractelement <4 x float> %COLOR1, i32 0
  %c2 = extractelement <4 x float> %COLOR1, i32 2
  %t0 = extractelement <2 x float> %TEXCOORD0, i32 0
  %t1 = extractelement <2 x float> %TEXCOORD0, i32 1
  %a = fadd float %c0, %t0
  %v0 = insertelement <4 x float> poison, float %a, i32 0
  %v1 = insertelement <4 x float> %v0, float %t1, i32 1
  %v2 = insertelement <4 x float> %v1, float %c2, i32 2
  %v3 = insertelement <4 x float> %v2, float 1.0, i32 3
  call void @llvm.dx.store.output.v4f32(i32 4, i32 0, i32 0, i8 0, i32 poison, <4 x float> %v3)
  ret void
}

attributes #0 = { "hlsl.shader"="vertex" }
