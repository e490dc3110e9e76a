; Every dx.* named node without an LLVM 22 form moves verbatim to dxu.*,
; including ones dxil-upgrade does not know; dx.valver stays; dx.resources
; is left to the resource raiser; dxu.order records the original order.
; Named metadata outside dx.* is not touched.
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll

; CHECK: !my.named = !{![[MINE:[0-9]+]]}
; CHECK: !dx.valver = !{![[VV:[0-9]+]]}
; CHECK: !dxu.order = !{![[ORDER:[0-9]+]]}
; CHECK: !dxu.entryPoints = !{![[E:[0-9]+]]}
; CHECK: !dxu.viewIdState = !{![[VIEW:[0-9]+]]}
; CHECK: !dxu.future.thing = !{![[FUT:[0-9]+]], ![[FUT2:[0-9]+]]}
; CHECK: !dxu.empty = !{}
; CHECK-NOT: !dx.viewIdState
; CHECK-NOT: !dx.future.thing
; CHECK-NOT: !dx.empty
; CHECK-DAG: ![[ORDER]] = !{!"dx.valver", !"dx.viewIdState", !"dx.future.thing", !"dx.empty", !"dx.version", !"dx.shaderModel", !"dx.entryPoints"}
; CHECK-DAG: ![[VIEW]] = !{[3 x i32] [i32 1, i32 2, i32 3]}
; CHECK-DAG: ![[FUT]] = !{!"a", ptr @main}
; CHECK-DAG: ![[FUT2]] = !{i64 -1}
; CHECK-DAG: ![[MINE]] = !{!"not ours"}

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  ret void
}

!my.named = !{!0}
!dx.valver = !{!1}
!dx.viewIdState = !{!4}
!dx.future.thing = !{!5, !6}
!dx.empty = !{}
!dx.version = !{!1}
!dx.shaderModel = !{!2}
!dx.entryPoints = !{!3}

!0 = !{!"not ours"}
!1 = !{i32 1, i32 0}
!2 = !{!"cs", i32 6, i32 0}
!3 = !{ptr @main, !"main", null, null, null}
!4 = !{[3 x i32] [i32 1, i32 2, i32 3]}
!5 = !{!"a", ptr @main}
!6 = !{i64 -1}
