; signature-names: semantics as DXC's front end records them. clang 22
; keeps the spelling the HLSL used (`SV_POSITION`); DXC records a system
; value with its own spelling (`SV_Position`) and its validator rebuilds
; ISG1/OSG1 with it, so a part holding `SV_POSITION` is rejected
; (Container.PartMatches on 'Program Input Signature'). A system value a
; vertex shader reads as an arbitrary semantic keeps its spelling and is
; recorded arbitrary (kind 0): its ISG1 element has no system value.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil
; RUN: %dxil-upgrade --dump %t.dxil | %FileCheck %s --check-prefix=PART
; CHECK: !{i32 0, !"SV_Position", i8 9, i8 3, {{![0-9]+}}, i8 4, i32 1, i8 4, i32 0, i8 0,
; CHECK: !{i32 1, !"COLOR", i8 9, i8 0, {{![0-9]+}}, i8 2, i32 1, i8 4, i32 1, i8 0,
; PART: part 1: ISG1
; PART: SV_Position 0 xyzw 0 POS float
; PART: COLOR 0 xyzw 1 NONE float

; The same names in a vertex shader: SV_POSITION is an arbitrary input.
; RUN: sed 's/"pixel"/"vertex"/; s/-pixel"/-vertex"/' %s > %t.vs.ll
; RUN: %dxil-lower %t.vs.ll -o %t.vs.dxil
; RUN: %dxil-upgrade --check %t.vs.dxil
; RUN: %dxil-lower %t.vs.ll -o %t.vs.out.ll
; RUN: %FileCheck %s --check-prefix=VS < %t.vs.out.ll
; RUN: %dxil-upgrade --dump %t.vs.dxil | %FileCheck %s --check-prefix=VSPART
; VS: !{i32 0, !"SV_POSITION", i8 9, i8 0, {{![0-9]+}}, i8 0, i32 1, i8 4, i32 0, i8 0,
; VSPART: part 1: ISG1
; VSPART: SV_POSITION 0 xyzw 0 NONE float

; A returned struct: clang 22 stores each field with element ID 0 and no
; name. One element for both kept only the last store (COLOR written as
; the position, signed and accepted by DXC): refused.
; RUN: sed 's/^  ret void/  call void @llvm.dx.store.output.v4f32(i32 4, i32 0, i32 0, i8 0, i32 poison, <4 x float> %%COLOR0)\n  ret void/; s/"pixel"/"vertex"/; s/-pixel"/-vertex"/' %s > %t.two.ll
; RUN: %expect-exit 1 %dxil-lower %t.two.ll -o %t.two.dxil 2>&1 | %FileCheck %s --check-prefix=TWO
; RUN: test ! -e %t.two.dxil
; TWO: error: @main: `call void @llvm.dx.store.output.v4f32(i32 4, i32 0, i32 0, i8 0, i32 poison, <4 x float> %COLOR0)`: a second output: clang 22 names no output semantic
target triple = "dxilv1.0-pc-shadermodel6.0-pixel"

define void @main() #0 {
entry:
  %SV_POSITION0 = call <4 x float> @llvm.dx.load.input.v4f32(i32 4, i32 0, i32 0, i8 0, i32 poison)
  %COLOR0 = call <4 x float> @llvm.dx.load.input.v4f32(i32 4, i32 0, i32 0, i8 0, i32 poison)
  %s = fadd <4 x float> %SV_POSITION0, %COLOR0
  call void @llvm.dx.store.output.v4f32(i32 4, i32 0, i32 0, i8 0, i32 poison, <4 x float> %s)
  ret void
}

declare <4 x float> @llvm.dx.load.input.v4f32(i32, i32, i32, i8, i32)
declare void @llvm.dx.store.output.v4f32(i32, i32, i32, i8, i32, <4 x float>)

attributes #0 = { "hlsl.shader"="pixel" }
