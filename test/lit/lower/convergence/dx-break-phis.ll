; DXC keeps a break block in its loop with the dx.break guard when the
; block uses a wave op's result (%break, here: no wave op of its own), and
; its false edge goes to the loop's continue block, whose phis took values
; from it. The raise records that edge (!dxu.break: the block, and per phi
; its position and value, an instruction by number or a constant) and the
; lowering of the unchanged module gives DXC's guard back as it was (the
; load and compare unnamed, as DXC writes them).
; RUN: %dxil-upgrade %s -o %t.ll
; RUN: %FileCheck %s --check-prefix=RAISED < %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %dxil-lower %t.ll -o - | %FileCheck %s --check-prefix=LOWERED
; RUN: %dxil-roundtrip %s | %FileCheck %s --check-prefix=RT

; RAISED-NOT: dx.break.cond
; RAISED: break:
; RAISED-NEXT: %add = add i32 %acc, %first
; RAISED-NEXT: br label %exit, !dxu.break ![[B:[0-9]+]]
; RAISED: cont:
; RAISED-NEXT: %acc.next = phi i32 [ %acc, %loop ]
; RAISED-NEXT: %n.next = phi i32 [ 7, %loop ]
; block 3 (cont); its first phi took instruction 10 (%add, counting the
; tokens) at position 0,
; its second the constant 1 at position 0 (the load and compare are gone)
; RAISED: ![[B]] = !{i32 3, ![[P0:[0-9]+]], ![[P1:[0-9]+]]}
; RAISED: ![[P0]] = !{i32 0, i32 0, i32 10}
; RAISED: ![[P1]] = !{i32 0, i32 2, i32 1}

; LOWERED-LABEL: define void @main()
; LOWERED-NEXT: %[[L:[0-9]+]] = load i32, ptr @dx.break.cond
; LOWERED-NEXT: %[[K:[0-9]+]] = icmp eq i32 %[[L]], 0
; LOWERED: break:
; LOWERED-NEXT: %add = add i32 %acc, %first
; LOWERED-NEXT: br i1 %[[K]], label %exit, label %cont
; LOWERED: cont:
; LOWERED-NEXT: %acc.next = phi i32 [ %add, %break ], [ %acc, %loop ]
; LOWERED-NEXT: %n.next = phi i32 [ 1, %break ], [ 7, %loop ]

; RT: dx-break-phis.ll: round-trips
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { ptr }

@dx.break.cond = internal constant [1 x i32] zeroinitializer

define void @main() {
  %brk = load i32, ptr @dx.break.cond, align 4
  %keep = icmp eq i32 %brk, 0
  %out = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %id = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  br label %loop

loop:
  %acc = phi i32 [ 0, %0 ], [ %acc.next, %cont ]
  %n = phi i32 [ 0, %0 ], [ %n.next, %cont ]
  %first = call i32 @dx.op.waveReadLaneFirst.i32(i32 118, i32 %n)
  %mine = icmp eq i32 %id, %first
  br i1 %mine, label %break, label %cont

break:
  %add = add i32 %acc, %first
  br i1 %keep, label %exit, label %cont

cont:
  %acc.next = phi i32 [ %add, %break ], [ %acc, %loop ]
  %n.next = phi i32 [ 1, %break ], [ 7, %loop ]
  br label %loop

exit:
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %out, i32 %id, i32 0, i32 %add, i32 undef, i32 undef, i32 undef, i8 1)
  ret void
}

declare i32 @dx.op.threadId.i32(i32, i32) #0
declare i32 @dx.op.waveReadLaneFirst.i32(i32, i32) #1
declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #2
declare void @dx.op.bufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8) #1

attributes #0 = { nounwind memory(none) }
attributes #1 = { nounwind }
attributes #2 = { nounwind memory(read) }

!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.resources = !{!4}
!dx.entryPoints = !{!10}

!1 = !{i32 1, i32 0}
!2 = !{i32 1, i32 6}
!3 = !{!"cs", i32 6, i32 0}
!4 = !{null, !8, null, null}
!7 = !{i32 1, i32 4}
!8 = !{!9}
!9 = !{i32 0, ptr undef, !"", i32 0, i32 0, i32 1, i32 12, i1 false, i1 false, i1 false, !7}
!10 = !{ptr @main, !"main", null, !4, !11}
!11 = !{i32 0, i64 16, i32 4, !12}
!12 = !{i32 16, i32 1, i32 1}
