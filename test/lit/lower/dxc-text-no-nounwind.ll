; Hand-written DXIL (DXC's validator tests) may declare dx.op functions with
; no attributes at all. The raise records that in !dxu.opAttrs (bit 16: no
; nounwind), so lowering does not add the nounwind every declaration it
; makes otherwise gets, and the module round-trips. A declaration that had
; nounwind keeps it.
; RUN: %dxil-upgrade %s -o - | %FileCheck %s --check-prefix=RAISED
; RUN: %dxil-lower --raise %s -o - | %FileCheck %s --check-prefix=LOWERED
; RUN: %dxil-roundtrip %s | %FileCheck %s --check-prefix=RT
; RAISED-DAG: !{!"dx.op.getRemainingRecursionLevels", i32 65536}
; RAISED-DAG: !{!"dx.op.nodeOutputIsValid", i32 65536}
; RAISED-NOT: !{!"dx.op.createNodeOutputHandle"
; LOWERED-DAG: declare i32 @dx.op.getRemainingRecursionLevels(i32){{$}}
; LOWERED-DAG: declare i1 @dx.op.nodeOutputIsValid(i32, %dx.types.NodeHandle){{$}}
; LOWERED-DAG: declare %dx.types.NodeHandle @dx.op.createNodeOutputHandle(i32, i32) [[RN:#[0-9]+]]
; LOWERED-DAG: attributes [[RN]] = { nounwind memory(none) }
; RT: dxc-text-no-nounwind.ll: round-trips

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.NodeHandle = type { i8* }
%dx.types.NodeInfo = type { i32, i32 }

define void @Spawn() {
  %out = call %dx.types.NodeHandle @dx.op.createNodeOutputHandle(i32 247, i32 0)
  %ann = call %dx.types.NodeHandle @dx.op.annotateNodeHandle(i32 249, %dx.types.NodeHandle %out, %dx.types.NodeInfo { i32 6, i32 8 })
  %ok = call i1 @dx.op.nodeOutputIsValid(i32 252, %dx.types.NodeHandle %ann)
  %depth = call i32 @dx.op.getRemainingRecursionLevels(i32 253)
  ret void
}

declare %dx.types.NodeHandle @dx.op.createNodeOutputHandle(i32, i32) #0
declare %dx.types.NodeHandle @dx.op.annotateNodeHandle(i32, %dx.types.NodeHandle, %dx.types.NodeInfo) #0
declare i1 @dx.op.nodeOutputIsValid(i32, %dx.types.NodeHandle)
declare i32 @dx.op.getRemainingRecursionLevels(i32)

attributes #0 = { nounwind readnone }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.typeAnnotations = !{!2}
!dx.entryPoints = !{!6, !8}

!0 = !{i32 1, i32 8}
!1 = !{!"lib", i32 6, i32 8}
!2 = !{i32 1, void ()* @Spawn, !3}
!3 = !{!4}
!4 = !{i32 0, !5, !5}
!5 = !{}
!6 = !{null, !"", null, null, !7}
!7 = !{i32 0, i64 524288}
!8 = !{void ()* @Spawn, !"Spawn", null, null, !9}
!9 = !{i32 8, i32 15, i32 13, i32 3, i32 15, !10, i32 16, i32 -1, i32 21, !11, i32 4, !14, i32 5, !15}
!10 = !{!"Spawn", i32 0}
!11 = !{!12}
!12 = !{i32 1, i32 6, i32 2, !13, i32 3, i32 1, i32 0, !10}
!13 = !{i32 0, i32 8, i32 2, i32 4}
!14 = !{i32 1, i32 1, i32 1}
!15 = !{i32 0}
