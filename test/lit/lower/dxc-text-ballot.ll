; waveActiveBallot returns DXC's %dx.types.fouri32, llvm.dx.wave.ballot a
; <4 x i32>; the raise reads its lanes with extractelement where DXC had
; its extractvalues, and lowering reads the fields there again (no vector
; rebuilt from them), so the module comes back as it was.
; RUN: %dxil-upgrade %s -o - | %FileCheck %s --check-prefix=RAISED
; RUN: %dxil-lower --raise %s -o - | %FileCheck %s --check-prefix=LOWERED
; RUN: %dxil-roundtrip %s | %FileCheck %s --check-prefix=RT
; RAISED: %[[B:[0-9]+]] = call <4 x i32> @llvm.dx.wave.ballot(i1 %neg)
; RAISED-NEXT: extractelement <4 x i32> %[[B]], i32 0
; LOWERED: %[[B:[0-9]+]] = call %dx.types.fouri32 @dx.op.waveActiveBallot(i32 116, i1 %neg)
; LOWERED-NEXT: %[[X:[0-9]+]] = extractvalue %dx.types.fouri32 %[[B]], 0
; LOWERED-NEXT: %[[W:[0-9]+]] = extractvalue %dx.types.fouri32 %[[B]], 3
; LOWERED-NEXT: %sum = add i32 %[[X]], %[[W]]
; LOWERED-NOT: insertelement
; LOWERED-NOT: extractelement
; RT: dxc-text-ballot.ll: round-trips

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.fouri32 = type { i32, i32, i32, i32 }

define void @main() {
  %id = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %neg = icmp slt i32 %id, 8
  %1 = call %dx.types.fouri32 @dx.op.waveActiveBallot(i32 116, i1 %neg)
  %2 = extractvalue %dx.types.fouri32 %1, 0
  %3 = extractvalue %dx.types.fouri32 %1, 3
  %sum = add i32 %2, %3
  %x = call i32 @dx.op.waveReadLaneFirst.i32(i32 118, i32 %sum)
  ret void
}

declare i32 @dx.op.threadId.i32(i32, i32) #0
declare %dx.types.fouri32 @dx.op.waveActiveBallot(i32, i1) #1
declare i32 @dx.op.waveReadLaneFirst.i32(i32, i32) #1

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}

!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{void ()* @main, !"main", null, null, !3}
!3 = !{i32 0, i64 0, i32 4, !4}
!4 = !{i32 4, i32 1, i32 1}
