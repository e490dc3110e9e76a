; The Flow rules: every function's control flow reducible (Flow.Reducible:
; DXC reports it once and checks no other flow rule then), no recursion
; in what an entry calls (Flow.NoRecursion, naming the function called
; again), no loop without a way out (Flow.DeadLoop). Good functions
; (@ok_*: a loop with an exit, calls without a cycle, an irreducible
; graph's unreachable twin that reduces away) give no error.
; RUN: split-file %s %t
; RUN: not %dxil-upgrade --check %t/irreducible.ll 2>&1 | %FileCheck %s --check-prefix=IRR
; IRR: error: Execution flow must be reducible. [Flow.Reducible]
; IRR-NOT: Flow.
; RUN: not %dxil-upgrade --check %t/flow.ll 2> %t/flow.err
; RUN: %FileCheck %s --check-prefix=FLOW < %t/flow.err
; RUN: not grep '@ok_' %t/flow.err
; FLOW-DAG: error: Recursion is not permitted. (@again) [Flow.NoRecursion]
; FLOW-DAG: error: Loop must have break. (@dead) [Flow.DeadLoop]

;--- irreducible.ll
target triple = "dxil-ms-dx"

define void @main(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br i1 %c, label %b, label %done
b:
  br i1 %c, label %a, label %done
done:
  ret void
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"lib", i32 6, i32 3}
!2 = !{null, !"", null, null, null}

;--- flow.ll
target triple = "dxil-ms-dx"

define void @main() {
  call void @again()
  call void @ok_leaf()
  call void @dead(i1 true)
  call void @ok_loop(i1 true)
  ret void
}

define void @again() {
  call void @again2()
  ret void
}

define void @again2() {
  call void @again()
  ret void
}

define void @ok_leaf() {
  ret void
}

define void @dead(i1 %c) {
entry:
  br label %loop
loop:
  br label %loop
}

define void @ok_loop(i1 %c) {
entry:
  br label %loop
loop:
  br i1 %c, label %loop, label %out
out:
  ret void
dead1:
  br label %dead2
dead2:
  br label %dead1
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 1, i32 1, i32 1}}}
