; A DXIL 1.8 module calling an op through a vector overload that only DXIL
; 1.9 has (DXC's pass tests lower a 1.9 module's version on purpose). The
; raise keeps that call as dx.op ("newer-than-module"), as it does for an op
; newer than the module, while a scalar call of the same op (before and
; after it) is raised; --check reports the overload; lowering does not
; split the kept call, so the round trip is exact.
; RUN: %dxil-upgrade %s -o - | %FileCheck %s --check-prefix=RAISED
; RUN: %dxil-upgrade --stats %s -o %t.ll | %FileCheck %s --check-prefix=STATS
; RUN: %expect-exit 1 %dxil-upgrade --check %s 2>&1 | %FileCheck %s --check-prefix=CHECK-SPEC
; RUN: %dxil-roundtrip %s | %FileCheck %s --check-prefix=RT
; RAISED: call fast float @llvm.sin.f32(float %a)
; RAISED: call fast <4 x float> @dx.op.unary.v4f32(i32 13, <4 x float> %v)
; RAISED: call fast float @llvm.sin.f32(float %b)
; RAISED-NOT: llvm.sin.v4f32
; STATS: 13 Sin 3 2 1 newer-than-module 1
; CHECK-SPEC: DXIL intrinsic overload must be valid. (overload 'v4f32' not valid at DXIL 1.8; allowed: hf) (@ps: {{.*}}@dx.op.unary.v4f32(i32 13{{.*}}[Instr.Oload]
; RT: dxc-text-newer-overload.ll: round-trips

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @ps() {
  %a = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  %b = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
  %sa = call fast float @dx.op.unary.f32(i32 13, float %a)
  %v = insertelement <4 x float> zeroinitializer, float %sa, i32 0
  %sv = call fast <4 x float> @dx.op.unary.v4f32(i32 13, <4 x float> %v)
  %sb = call fast float @dx.op.unary.f32(i32 13, float %b)
  %x = extractelement <4 x float> %sv, i32 2
  %r = fadd fast float %x, %sb
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %r)
  ret void
}

declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
declare float @dx.op.unary.f32(i32, float) #0
declare <4 x float> @dx.op.unary.v4f32(i32, <4 x float>) #0
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}

!0 = !{i32 1, i32 8}
!1 = !{!"ps", i32 6, i32 8}
!2 = !{void ()* @ps, !"ps", !3, null, null}
!3 = !{!4, !7, null}
!4 = !{!5}
!5 = !{i32 0, !"IN", i8 9, i8 0, !6, i8 2, i32 1, i8 2, i32 0, i8 0, null}
!6 = !{i32 0}
!7 = !{!8}
!8 = !{i32 0, !"SV_Target", i8 9, i8 16, !6, i8 0, i32 1, i8 1, i32 0, i8 0, null}
