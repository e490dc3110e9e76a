; DXC's own test files often have no `target triple` and no `target datalayout`.
; The raise records what was absent (!dxu.absent) and lowering leaves both out
; again, instead of writing DXC's "dxil-ms-dx" and default layout.
; RUN: %dxil-upgrade %s -o - | %FileCheck %s --check-prefix=RAISED
; RUN: %dxil-lower --raise %s -o - | %FileCheck %s --check-prefix=LOWERED
; RUN: %dxil-roundtrip %s | %FileCheck %s --check-prefix=RT
; RAISED: target triple = "dxilv1.6-pc-shadermodel6.6-compute"
; RAISED: !dxu.absent = !{![[T:[0-9]+]], ![[D:[0-9]+]]}
; RAISED-DAG: ![[T]] = !{!"triple"}
; RAISED-DAG: ![[D]] = !{!"datalayout"}
; LOWERED-NOT: target {{triple|datalayout}}
; LOWERED-NOT: dxu.absent
; LOWERED: !dx.version = !{![[V:[0-9]+]]}
; RT: dxc-text-no-target.ll: round-trips

define void @main() {
  %1 = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
  %2 = call i32 @dx.op.binary.i32(i32 39, i32 %1, i32 7)
  ret void
}

declare i32 @dx.op.flattenedThreadIdInGroup.i32(i32) #0
declare i32 @dx.op.binary.i32(i32, i32, i32) #0

attributes #0 = { nounwind readnone }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}

!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{void ()* @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 8, i32 1, i32 1}
