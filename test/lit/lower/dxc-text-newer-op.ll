; A DXIL 1.0 module calling ops that need DXIL 1.4 (Dot4AddI8Packed) and 1.6
; (IsHelperLane), as some of DXC's validator tests do. The raise keeps both
; as dx.op ("newer-than-module"), since lowering at DXIL 1.0 could not bring
; back an intrinsic; --check reports them; the round trip is exact.
; Modern input calling such an intrinsic is refused whole, never half-lowered.
; RUN: %dxil-upgrade %s -o - | %FileCheck %s --check-prefix=RAISED
; RUN: %dxil-upgrade --stats %s -o %t.ll | %FileCheck %s --check-prefix=STATS
; RUN: %expect-exit 1 %dxil-upgrade --check %s 2>&1 | %FileCheck %s --check-prefix=CHECK-SPEC
; RUN: %dxil-lower --raise %s -o - | %FileCheck %s --check-prefix=LOWERED
; RUN: %dxil-roundtrip %s | %FileCheck %s --check-prefix=RT
; RUN: rm -f %t.lowered.ll
; RUN: %expect-exit 1 %dxil-lower %S/Inputs/modern-newer-op.ll -o %t.lowered.ll 2>&1 | %FileCheck %s --check-prefix=REFUSED
; The op also needs shader model 6.4 (check-ops), so the target moves both.
; RUN: sed 's/dxilv1.0-pc-shadermodel6.0/dxilv1.4-pc-shadermodel6.4/' %S/Inputs/modern-newer-op.ll | %dxil-lower - -o - | %FileCheck %s --check-prefix=AT14
; RUN: not test -e %t.lowered.ll
; RAISED: call i32 @llvm.dx.flattened.thread.id.in.group()
; RAISED: call i32 @dx.op.dot4AddPacked.i32(i32 163,
; RAISED: call i1 @dx.op.isHelperLane.i1(i32 221)
; RAISED-NOT: llvm.dx.dot4add
; STATS: 163  Dot4AddI8Packed {{.*}} newer-than-module 1
; STATS: 221  IsHelperLane {{.*}} newer-than-module 1
; CHECK-SPEC: Opcode Dot4AddI8Packed not valid in shader model cs_6_0. (needs DXIL 1.4, module is DXIL 1.0) {{.*}}[Sm.Opcode]
; CHECK-SPEC: Opcode IsHelperLane not valid in shader model cs_6_0. (needs DXIL 1.6, module is DXIL 1.0) {{.*}}[Sm.Opcode]
; LOWERED-NOT: llvm.dx.
; LOWERED: call i32 @dx.op.dot4AddPacked.i32(i32 163,
; RT: dxc-text-newer-op.ll: round-trips
; REFUSED: error: llvm.dx.dot4add.i8packed needs DXIL 1.4, the module is lowered to DXIL 1.0; nothing lowered{{.*}}[DXIL6000
; AT14: call i32 @dx.op.dot4AddPacked.i32(i32 163,

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %1 = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
  %2 = call i32 @dx.op.dot4AddPacked.i32(i32 163, i32 %1, i32 %1, i32 %1)
  %3 = call i1 @dx.op.isHelperLane.i1(i32 221)
  ret void
}

declare i32 @dx.op.flattenedThreadIdInGroup.i32(i32) #0
declare i32 @dx.op.dot4AddPacked.i32(i32, i32, i32, i32) #0
declare i1 @dx.op.isHelperLane.i1(i32) #1

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind readonly }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}

!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{void ()* @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 4, i32 1, i32 1}
