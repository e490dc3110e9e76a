; Intrinsics with no DXIL form are refused, each named, and nothing is
; written: dot2add (Dot2AddHalf) is DXIL 1.4's, so a 1.3 module cannot
; have it (the versions pass, before anything is lowered); a cross of four
; lanes, which HLSL has no form of, is left by the expansion and named by
; the leftover check.
; RUN: %expect-exit 1 %dxil-lower %s -o %t.ll 2>&1 | %FileCheck %s
; RUN: not test -e %t.ll
; RUN: sed 's/dxilv1.3-pc-shadermodel6.3/dxilv1.4-pc-shadermodel6.4/' %s > %t.14.ll
; RUN: %expect-exit 1 %dxil-lower %t.14.ll -o %t.out.ll 2>&1 | %FileCheck %s --check-prefix=V14
; CHECK: error: llvm.dx.dot2add needs DXIL 1.4, the module is lowered to DXIL 1.3; nothing lowered [DXIL6000]
; V14-NOT: dot2add
; V14: error: @c: `%r = call <4 x float> @llvm.dx.cross.v4f32(<4 x float> %a, <4 x float> %b)`: llvm.dx.cross.v4f32 was not lowered: DXIL has no form for it here [DXIL6000]
target triple = "dxilv1.3-pc-shadermodel6.3-library"

define float @d(float %acc, half %a, half %b, half %c, half %e) #0 {
  %r = call float @llvm.dx.dot2add(float %acc, half %a, half %b, half %c, half %e)
  ret float %r
}

define <4 x float> @c(<4 x float> %a, <4 x float> %b) #0 {
  %r = call <4 x float> @llvm.dx.cross.v4f32(<4 x float> %a, <4 x float> %b)
  ret <4 x float> %r
}

attributes #0 = { "hlsl.export" }
