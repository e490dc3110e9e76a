; A node shader declares at most one input record (Decl.MultipleNodeInputs),
; of the granularity its launch type reads (Decl.NodeLaunchInputType): the
; thread launch @bad_node has a thread record (flags 0x21) and a dispatch
; record (0x61); the coalescing @ok_node has an empty input (0x9), which
; fits any launch type.
; RUN: not %dxil-upgrade --check %s 2> %t.err
; RUN: %FileCheck %s < %t.err
; RUN: not grep 'ok_node' %t.err
; CHECK-DAG: error: node shader 'bad_node' may not have more than one input record (2 are declared) (@bad_node) [Decl.MultipleNodeInputs]
; CHECK-DAG: error: thread node shader 'bad_node' has incompatible input record type (should be {RW}ThreadNodeInputRecord) (@bad_node) [Decl.NodeLaunchInputType]
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @bad_node() {
  ret void
}

define void @ok_node() {
  ret void
}

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.typeAnnotations = !{!2}
!dx.entryPoints = !{!6, !8, !20}

!0 = !{i32 1, i32 8}
!1 = !{!"lib", i32 6, i32 8}
!2 = !{i32 1, ptr @bad_node, !3, ptr @ok_node, !3}
!3 = !{!4}
!4 = !{i32 0, !5, !5}
!5 = !{}
!6 = !{null, !"", null, null, !7}
!7 = !{i32 0, i64 0}
!8 = !{ptr @bad_node, !"bad_node", null, null, !9}
!9 = !{i32 8, i32 15, i32 13, i32 3, i32 15, !10, i32 16, i32 -1, i32 20, !11, i32 4, !16, i32 5, !17}
!10 = !{!"bad_node", i32 0}
!11 = !{!12, !15}
!12 = !{i32 1, i32 33, i32 2, !13}
!13 = !{i32 0, i32 4, i32 2, i32 4}
!14 = !{i32 0}
!15 = !{i32 1, i32 97, i32 2, !13}
!16 = !{i32 1, i32 1, i32 1}
!17 = !{i32 0}
!20 = !{ptr @ok_node, !"ok_node", null, null, !21}
!21 = !{i32 8, i32 15, i32 13, i32 2, i32 15, !22, i32 16, i32 -1, i32 20, !23, i32 4, !16, i32 5, !17}
!22 = !{!"ok_node", i32 0}
!23 = !{!24}
!24 = !{i32 1, i32 9}
