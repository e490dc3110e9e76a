; --check: an overload the op did not have at the module's DXIL version
; (vector Sin before DXIL 1.9, f64 Sin ever) is Instr.Oload (DXIL5257),
; the first with what the versioned spec says; exit 1 and no IR without -o.
; RUN: not %dxil-upgrade --check %s > %t.out 2> %t.err
; RUN: %FileCheck %s < %t.err
; RUN: %FileCheck --allow-empty --check-prefix=NOIR %s < %t.out

; CHECK: error: DXIL intrinsic overload must be valid. (overload 'v4f32' not valid at DXIL 1.8; allowed: hf) (@main: `%v = call <4 x float> @dx.op.unary.v4f32(i32 13, <4 x float> zeroinitializer)`) [Instr.Oload] [DXIL5257]
; CHECK: error: DXIL intrinsic overload must be valid. (@main: `%d = call double @dx.op.unary.f64(i32 13, double 1.000000e+00)`) [Instr.Oload] [DXIL5257]
; The double it uses is not declared either (DXC reports it too).
; CHECK: error: Flags must match usage. (declared 0x0, used 0x4) [Meta.FlagsUsage]
; CHECK-NOT: error
; NOIR-NOT: {{.}}

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %v = call <4 x float> @dx.op.unary.v4f32(i32 13, <4 x float> zeroinitializer)
  %d = call double @dx.op.unary.f64(i32 13, double 1.0)
  %f = call float @dx.op.unary.f32(i32 13, float 1.0)
  ret void
}

declare <4 x float> @dx.op.unary.v4f32(i32, <4 x float>) #0
declare double @dx.op.unary.f64(i32, double) #0
declare float @dx.op.unary.f32(i32, float) #0

attributes #0 = { nounwind memory(none) }

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 8}
!1 = !{!"cs", i32 6, i32 8}
!2 = !{ptr @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 8, i32 8, i32 1}
