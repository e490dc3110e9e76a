; --check: a pixel-only op (Discard) and a compute-only op (ThreadId) in
; a library are checked against the stage of each entry that reaches the
; calling function through the call graph (ShaderKind tag 8).
; RUN: not %dxil-upgrade --check %s 2>&1 | %FileCheck %s

; CHECK-DAG: error: Opcode Discard not valid in shader model lib_6_6(cs). (not allowed in stage compute) (@helper: {{.*}}[Sm.Opcode] [DXIL5387]
; CHECK-DAG: error: Opcode ThreadId not valid in shader model lib_6_6(ps). (not allowed in stage pixel) (@ps_main: {{.*}}[Sm.Opcode] [DXIL5387]
; ps_main's own ThreadId makes the entry incompatible with its stage (DXC
; reports the same two; the helper's Discard reaches cs_main only from
; validator 1.8, and this module declares none: 1.0).
; CHECK-DAG: error: Entry function performs some operation that is incompatible with the shader stage or other entry properties.  See other errors for details. (@ps_main) [Sm.IncompatibleOperation]
; CHECK-DAG: error: Function uses features incompatible with the shader stage (ps) of the entry function. (@ps_main) [Sm.IncompatibleStage]
; CHECK-NOT: error

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @helper() {
  call void @dx.op.discard(i32 82, i1 true)
  ret void
}

define void @cs_main() {
  %t = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  call void @helper()
  ret void
}

define void @ps_main() {
  %t = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  call void @helper()
  ret void
}

declare void @dx.op.discard(i32, i1)
declare i32 @dx.op.threadId.i32(i32, i32) #0

attributes #0 = { nounwind memory(none) }

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2, !3, !5}
!0 = !{i32 1, i32 6}
!1 = !{!"lib", i32 6, i32 6}
!2 = !{null, !"", null, null, null}
!3 = !{ptr @cs_main, !"cs_main", null, null, !4}
!4 = !{i32 8, i32 5, i32 4, !7}
!5 = !{ptr @ps_main, !"ps_main", null, null, !6}
!6 = !{i32 8, i32 0}
!7 = !{i32 8, i32 8, i32 1}
