; Instr.Allowed: DXIL has no indirect branch, exception handling, va_arg,
; ptrtoint/inttoptr, fence, nor (before shader model 6.9) the vector
; instructions; unreachable only in a library, mesh or amplification
; shader right after a call of a noreturn dx.op. Each bad instruction is
; one error; the good functions (@ok_*) give none.
; RUN: split-file %s %t
; RUN: not %dxil-upgrade --check %t/cs60.ll 2> %t/cs60.err
; RUN: %FileCheck %s --check-prefix=CS60 < %t/cs60.err
; RUN: not grep '(@ok_' %t/cs60.err
; CS60-DAG: error: Instructions must be of an allowed type. (@bad: `%e = extractelement <2 x float> %v, i32 0`) [Instr.Allowed] [DXIL5265]
; CS60-DAG: (@bad: `%v = insertelement <2 x float> zeroinitializer, float 1.000000e+00, i32 0`) [Instr.Allowed]
; CS60-DAG: (@bad: `%s = shufflevector <2 x float> %v, <2 x float> %v, <2 x i32> <i32 1, i32 0>`) [Instr.Allowed]
; CS60-DAG: (@bad: `%i = ptrtoint ptr %a to i32`) [Instr.Allowed]
; CS60-DAG: (@bad: `%p = inttoptr i32 %i to ptr`) [Instr.Allowed]
; CS60-DAG: (@bad: `fence seq_cst`) [Instr.Allowed]
; CS60-DAG: (@bad: `%f = freeze i32 %i`) [Instr.Allowed]
; CS60-DAG: (@bad_unreachable: `unreachable`) [Instr.Allowed]
; A library allows vector instructions and unreachable after a noreturn op
; (IgnoreHit, in an any-hit entry).
; RUN: %dxil-upgrade --check %t/lib.ll
; RUN: not %dxil-upgrade --check %t/lib-bad.ll 2>&1 | %FileCheck %s --check-prefix=LIB
; LIB: (@bad_unreachable: `unreachable`) [Instr.Allowed]
; Shader model 6.9 allows the vector instructions.
; RUN: %dxil-upgrade --check %t/cs69.ll

;--- cs60.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  call void @bad()
  call void @bad_unreachable()
  call void @ok_scalar()
  ret void
}

define void @bad() {
  %a = alloca i32, align 4
  %v = insertelement <2 x float> zeroinitializer, float 1.0, i32 0
  %e = extractelement <2 x float> %v, i32 0
  %s = shufflevector <2 x float> %v, <2 x float> %v, <2 x i32> <i32 1, i32 0>
  %i = ptrtoint ptr %a to i32
  %p = inttoptr i32 %i to ptr
  fence seq_cst
  %f = freeze i32 %i
  ret void
}

define void @bad_unreachable() {
  unreachable
}

define void @ok_scalar() {
  %x = fadd fast float 1.0, 2.0
  ret void
}

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 1, i32 1, i32 1}}}

;--- lib.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @ok_vectors() {
  %v = insertelement <2 x float> zeroinitializer, float 1.0, i32 0
  %e = extractelement <2 x float> %v, i32 0
  ret void
}

define void @ok_unreachable(ptr %payload, ptr %attr) {
  call void @dx.op.ignoreHit(i32 155)
  unreachable
}

declare void @dx.op.ignoreHit(i32) #0
attributes #0 = { noreturn nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2, !3}
!0 = !{i32 1, i32 3}
!1 = !{!"lib", i32 6, i32 3}
!2 = !{null, !"", null, null, null}
!3 = !{ptr @ok_unreachable, !"ok_unreachable", null, null, !{i32 8, i32 9}}

;--- lib-bad.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @bad_unreachable() {
  %x = fadd fast float 1.0, 2.0
  unreachable
}

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 3}
!1 = !{!"lib", i32 6, i32 3}
!2 = !{null, !"", null, null, null}

;--- cs69.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %v = insertelement <2 x float> zeroinitializer, float 1.0, i32 0
  %e = extractelement <2 x float> %v, i32 0
  ret void
}

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 9}
!1 = !{!"cs", i32 6, i32 9}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 1, i32 1, i32 1}}}
