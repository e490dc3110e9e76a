; wide-int: LLVM's SROA reads lanes 1-3 of a float4 through an i128 (clang
; 22 at -O3); DXIL has no integer over 64 bits, so the shift, truncation
; and bitcast become the lanes they select. A chain that selects part of a
; lane is left, and the writer names it.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: sed 's/lshr i128 %w, 32/lshr i128 %w, 8/' %s > %t.odd.ll
; RUN: %expect-exit 1 %dxil-lower %t.odd.ll -o %t.dxil 2>&1 | %FileCheck %s --check-prefix=ODD
; CHECK-NOT: i128
; CHECK-NOT: i96
; CHECK: [[A:%.*]] = extractelement <4 x float> %v, i32 1
; CHECK: [[R0:%.*]] = insertelement <3 x float> poison, float [[A]], i32 0
; CHECK: [[B:%.*]] = extractelement <4 x float> %v, i32 2
; CHECK: [[R1:%.*]] = insertelement <3 x float> [[R0]], float [[B]], i32 1
; CHECK: [[C:%.*]] = extractelement <4 x float> %v, i32 3
; CHECK: %r = insertelement <3 x float> [[R1]], float [[C]], i32 2
; CHECK: [[S:%.*]] = extractelement <4 x float> %v, i32 2
; CHECK: ret float [[S]]
; ODD: error: cannot write DXIL bitcode: function @g, `%w = bitcast <4 x float> %v to i128`: integers wider than 64 bits are not DXIL [DXIL3004]
target triple = "dxilv1.9-pc-shadermodel6.9-library"

define <3 x float> @g(<4 x float> %v) #0 {
  %w = bitcast <4 x float> %v to i128
  %s = lshr i128 %w, 32
  %t = trunc i128 %s to i96
  %r = bitcast i96 %t to <3 x float>
  ret <3 x float> %r
}

define float @f(<4 x float> %v) #0 {
  %w = bitcast <4 x float> %v to i128
  %s = lshr i128 %w, 64
  %t = trunc i128 %s to i32
  %r = bitcast i32 %t to float
  ret float %r
}

attributes #0 = { "hlsl.export" }
