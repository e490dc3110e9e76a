; Instruction metadata. DXC's self-referential branch hint becomes clang's
; !hlsl.controlflow.hint !{!"hlsl.controlflow.hint", i32 N} (LLVM's 2-field
; dx form too). A node with two hints has no clang form and is kept as is,
; with a warning. dx.precise and unknown dx.* kinds are left untouched.
; RUN: %dxil-upgrade --verify %s -o %t.ll 2>%t.err
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck --check-prefix=WARN %s < %t.err

; WARN: warning: !dx.controlflow.hints with other than one hint kept as is [DXIL5004]

; Lowering writes DXC's distinct self-referencing node for each hint, also
; for one that came in LLVM's 2-field form.
; RUN: %dxil-lower --raise %s -o - 2>/dev/null | %FileCheck --check-prefix=LOWERED %s
; LOWERED: br i1 %a, label %t, label %f, !dx.controlflow.hints ![[LB:[0-9]+]]
; LOWERED: br i1 %b, label %u, label %v, !dx.controlflow.hints ![[LF:[0-9]+]]
; LOWERED-DAG: ![[LB]] = distinct !{![[LB]], !"dx.controlflow.hints", i32 1}
; LOWERED-DAG: ![[LF]] = distinct !{![[LF]], !"dx.controlflow.hints", i32 2}

; CHECK-LABEL: define void @main(i32 %c, float %g)
; CHECK: br i1 %a, label %t, label %f, !hlsl.controlflow.hint ![[BRANCH:[0-9]+]]
; CHECK: br i1 %b, label %u, label %v, !hlsl.controlflow.hint ![[FLATTEN:[0-9]+]]
; CHECK: switch i32 %c, label %x [
; CHECK: ], !dx.controlflow.hints ![[TWO:[0-9]+]]
; CHECK: fadd float %g, %g, !dx.precise ![[PRECISE:[0-9]+]]
; CHECK: ret void, !dx.mystery ![[MYSTERY:[0-9]+]]
; CHECK-NOT: !dx.controlflow.hints ![[BRANCH]]
; CHECK-DAG: ![[BRANCH]] = !{!"hlsl.controlflow.hint", i32 1}
; CHECK-DAG: ![[FLATTEN]] = !{!"hlsl.controlflow.hint", i32 2}
; CHECK-DAG: ![[TWO]] = distinct !{![[TWO]], !"dx.controlflow.hints", i32 1, i32 5}
; CHECK-DAG: ![[PRECISE]] = !{i32 1}
; CHECK-DAG: ![[MYSTERY]] = !{!"kept"}

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main(i32 %c, float %g) {
entry:
  %a = icmp eq i32 %c, 0
  br i1 %a, label %t, label %f, !dx.controlflow.hints !4
t:
  %b = icmp eq i32 %c, 1
  br i1 %b, label %u, label %v, !dx.controlflow.hints !5
u:
  switch i32 %c, label %x [
    i32 7, label %v
  ], !dx.controlflow.hints !6
v:
  br label %x
f:
  br label %x
x:
  %h = fadd float %g, %g, !dx.precise !7
  ret void, !dx.mystery !8
}

!dx.version = !{!1}
!dx.valver = !{!1}
!dx.shaderModel = !{!2}
!dx.entryPoints = !{!3}

!1 = !{i32 1, i32 0}
!2 = !{!"cs", i32 6, i32 0}
!3 = !{ptr @main, !"main", null, null, null}
!4 = distinct !{!4, !"dx.controlflow.hints", i32 1}
!5 = !{!"dx.controlflow.hints", i32 2}
!6 = distinct !{!6, !"dx.controlflow.hints", i32 1, i32 5}
!7 = !{i32 1}
!8 = !{!"kept"}
