; DXC's oldest validator tests are pre-release DXIL (dx.version 0.x), whose
; opcode numbers are not today's (80 was RenderTargetGetSampleCount, now
; Barrier). Every op "needs DXIL 1.0", so the raise keeps every call as
; dx.op ("newer-than-module") instead of reading it with today's table;
; --check reports them; the round trip is exact.
; RUN: %dxil-upgrade %s -o - 2>%t.err | %FileCheck %s --check-prefix=RAISED
; RUN: %FileCheck %s --check-prefix=WARN < %t.err
; RUN: %dxil-upgrade --stats %s -o %t.ll | %FileCheck %s --check-prefix=STATS
; RUN: %expect-exit 1 %dxil-upgrade --check %s 2>&1 | %FileCheck %s --check-prefix=CHECK-SPEC
; RUN: %dxil-roundtrip %s | %FileCheck %s --check-prefix=RT
; RAISED: call i32 @dx.op.renderTargetGetSampleCount(i32 80)
; RAISED: call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
; RAISED: call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %sum)
; RAISED-NOT: @llvm.dx.
; WARN-NOT: selector
; STATS: total: 3 calls in 1 module(s), 0 raised, 3 kept (newer-than-module 3)
; CHECK-SPEC: Opcode Barrier not valid in shader model ps_6_0. (needs DXIL 1.0, module is DXIL 0.7) {{.*}}[Sm.Opcode]
; RT: dxc-text-prerelease.ll: round-trips

target datalayout = "e-m:e-p:32:32-i64:64-f80:32-n8:16:32-a:0:32-S32"
target triple = "dxil-ms-dx"

define void @main.flat(float, float* nocapture readnone) #0 {
entry:
  %count = tail call i32 @dx.op.renderTargetGetSampleCount(i32 80)
  %in = tail call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  %c = uitofp i32 %count to float
  %sum = fadd fast float %in, %c
  tail call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %sum)
  ret void
}

declare i32 @dx.op.renderTargetGetSampleCount(i32) #1
declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #2
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #0

attributes #0 = { nounwind }
attributes #1 = { nounwind readonly }
attributes #2 = { nounwind readnone }

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}

!0 = !{i32 0, i32 7}
!1 = !{!"ps", i32 6, i32 0}
!2 = !{void (float, float*)* @main.flat, !"", !3, null, null}
!3 = !{!4, !7, null}
!4 = !{!5}
!5 = !{i32 0, !"A", i8 9, i8 0, !6, i8 2, i32 1, i8 1, i32 0, i8 0, null}
!6 = !{i32 0}
!7 = !{!8}
!8 = !{i32 0, !"SV_Target", i8 9, i8 16, !6, i8 0, i32 1, i8 1, i32 0, i8 0, null}
