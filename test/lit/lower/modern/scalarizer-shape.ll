; The split calls have the shape of LLVM's own scalarizer: the same
; extractelement / call / insertelement order and names, checked with the
; same lines against `opt -passes=scalarizer` and against dxil-lower.
; RUN: %opt -S -passes=scalarizer %s | %FileCheck %s --check-prefix=SHAPE
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s --check-prefix=SHAPE < %t.ll
; RUN: %FileCheck %s --check-prefix=LOW < %t.ll
; RUN: %dxil-upgrade --check %t.ll
target triple = "dxilv1.3-pc-shadermodel6.3-library"

; SHAPE-LABEL: define <3 x float> @fma3(
; SHAPE-NEXT:  %a.i0 = extractelement <3 x float> %a, i64 0
; SHAPE-NEXT:  %b.i0 = extractelement <3 x float> %b, i64 0
; SHAPE-NEXT:  [[R0:%.*]] = call float @{{llvm.fmuladd.f32|dx.op.tertiary.f32}}({{(i32 46, )?}}float %a.i0, float %b.i0, float 1.000000e+00)
; SHAPE-NEXT:  %a.i1 = extractelement <3 x float> %a, i64 1
; SHAPE-NEXT:  %b.i1 = extractelement <3 x float> %b, i64 1
; SHAPE-NEXT:  [[R1:%.*]] = call float @{{llvm.fmuladd.f32|dx.op.tertiary.f32}}({{(i32 46, )?}}float %a.i1, float %b.i1, float 2.000000e+00)
; SHAPE-NEXT:  %a.i2 = extractelement <3 x float> %a, i64 2
; SHAPE-NEXT:  %b.i2 = extractelement <3 x float> %b, i64 2
; SHAPE-NEXT:  [[R2:%.*]] = call float @{{llvm.fmuladd.f32|dx.op.tertiary.f32}}({{(i32 46, )?}}float %a.i2, float %b.i2, float 3.000000e+00)
; SHAPE-NEXT:  %r.upto0 = insertelement <3 x float> poison, float [[R0]], i64 0
; SHAPE-NEXT:  %r.upto1 = insertelement <3 x float> %r.upto0, float [[R1]], i64 1
; SHAPE-NEXT:  %r = insertelement <3 x float> %r.upto1, float [[R2]], i64 2
; SHAPE-NEXT:  ret <3 x float> %r
define <3 x float> @fma3(<3 x float> %a, <3 x float> %b) {
  %r = call <3 x float> @llvm.fmuladd.v3f32(<3 x float> %a, <3 x float> %b, <3 x float> <float 1.0, float 2.0, float 3.0>)
  ret <3 x float> %r
}

; SHAPE-LABEL: define <2 x double> @fma2d(
; SHAPE-NEXT:  %a.i0 = extractelement <2 x double> %a, i64 0
; SHAPE-NEXT:  [[D0:%.*]] = call double @{{llvm.fma.f64|dx.op.tertiary.f64}}({{(i32 47, )?}}double %a.i0, double %a.i0, double %a.i0)
; SHAPE-NEXT:  %a.i1 = extractelement <2 x double> %a, i64 1
; SHAPE-NEXT:  [[D1:%.*]] = call double @{{llvm.fma.f64|dx.op.tertiary.f64}}({{(i32 47, )?}}double %a.i1, double %a.i1, double %a.i1)
; SHAPE-NEXT:  %r.upto0 = insertelement <2 x double> poison, double [[D0]], i64 0
; SHAPE-NEXT:  %r = insertelement <2 x double> %r.upto0, double [[D1]], i64 1
define <2 x double> @fma2d(<2 x double> %a) {
  %r = call <2 x double> @llvm.fma.v2f64(<2 x double> %a, <2 x double> %a, <2 x double> %a)
  ret <2 x double> %r
}

; dxil-lower's calls are the ops themselves.
; LOW-COUNT-3: call float @dx.op.tertiary.f32(i32 46,
; LOW-COUNT-2: call double @dx.op.tertiary.f64(i32 47,
; LOW-NOT: @llvm.
