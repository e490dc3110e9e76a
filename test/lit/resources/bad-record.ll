; A createHandle whose record ID is not in dx.resources is an error naming
; the function and the record; the call is left alone and nothing crashes.
; RUN: not %dxil-upgrade %s -o %t.ll 2>&1 | %FileCheck %s
; --stats (which raises apart from the load) refuses it the same way: exit
; 1, no output (it wrote the module and exited 0).
; RUN: rm -f %t.stats.ll
; RUN: %expect-exit 1 %dxil-upgrade --stats %s -o %t.stats.ll 2>&1 | %FileCheck %s
; RUN: not test -e %t.stats.ll
; RUN: %expect-exit 1 %dxil-upgrade --stats=json --check %s -o %t.stats.ll 2>&1 | %FileCheck %s
; RUN: not test -e %t.stats.ll

; CHECK: error: {{.*}}createHandle in @main: class 1 record 7 is not in dx.resources{{.*}} [DXIL5003

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { ptr }

define void @main() {
  %h = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 7, i32 0, i1 false)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{null, !3, null, null}
!3 = !{!4}
!4 = !{i32 0, ptr undef, !"", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, i1 false, null}
