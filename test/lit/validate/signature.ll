; The signature ops: only in an entry (or its patch constant function:
; Instr.SignatureOperationNotInEntry), an immediate element id within the
; signature (Instr.OpConstRange), row and column within the element and
; an immediate column (Instr.OperandRange, Instr.OpConst); no vertex index
; on a pixel shader's inputs (Sm.Operand), one within the input
; primitive's vertices in a geometry shader; eval* on linear inputs only,
; never the position (Instr.EvalInterpolationMode,
; Instr.CannotPullPosition); attributeAtVertex on constant inputs only
; (Instr.AttributeAtVertexNoInterpolation); streams a geometry shader
; declares (Instr.OperandRange), only there (Sm.OpcodeInInvalidFunction).
; The %ok_* calls give no error.
; RUN: split-file %s %t
; RUN: not %dxil-upgrade --check %t/ps.ll 2> %t/ps.err
; RUN: %FileCheck %s --check-prefix=PS < %t/ps.err
; RUN: not grep '%ok_' %t/ps.err
; PS-DAG: error: Constant values must be in-range for operation. (@main: `%range = {{.*}}[Instr.OpConstRange]
; PS-DAG: error: expect Row between 0~1, got 1. (@main: `%row = {{.*}}[Instr.OperandRange]
; PS-DAG: error: expect Col between 0~2, got 3. (@main: `%col = {{.*}}[Instr.OperandRange]
; PS-DAG: error: Col of LoadInput/StoreOutput must be an immediate constant. (@main: `%dyn = {{.*}}[Instr.OpConst]
; PS-DAG: error: Operand must be defined in target shader model. (@main: `%vertex = {{.*}}[Sm.Operand]
; PS-DAG: error: Interpolation mode on NOINTERP used with eval_* instruction must be {{.*}}(@main: `%eval = {{.*}}[Instr.EvalInterpolationMode]
; PS-DAG: error: ps_6_1 does not support pull-model evaluation of position. (@main: `%pos = {{.*}}[Instr.CannotPullPosition]
; PS-DAG: error: Attribute TEXCOORD must have nointerpolation mode in order to use GetAttributeAtVertex function. (@main: `%atv = {{.*}}[Instr.AttributeAtVertexNoInterpolation]
; PS-DAG: error: opcode 'Emit/CutStream' should only be used in 'Geometry shader'. (@main: `call void @dx.op.emitStream{{.*}}[Sm.OpcodeInInvalidFunction]
; PS-DAG: error: Dxil operation for input output signature must be in entryPoints. (@helper: {{.*}}[Instr.SignatureOperationNotInEntry]
; RUN: not %dxil-upgrade --check %t/gs.ll 2> %t/gs.err
; RUN: %FileCheck %s --check-prefix=GS < %t/gs.err
; RUN: not grep '%ok_' %t/gs.err
; GS-DAG: error: expect VertexID between 0~3, got 3. (@main: `%v3 = {{.*}}[Instr.OperandRange]
; GS-DAG: error: expect StreamID between 0 , got 1. (@main: `call void @dx.op.emitStream(i32 97, i8 1)`) [Instr.OperandRange]
; GS-DAG: error: expect StreamID between 0~4, got 5. (@main: `call void @dx.op.emitStream(i32 97, i8 5)`) [Instr.OperandRange]

;--- ps.ll
target triple = "dxil-ms-dx"

define void @main() {
  %ok_in = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
  %range = call float @dx.op.loadInput.f32(i32 4, i32 5, i32 0, i8 0, i32 undef)
  %row = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 1, i8 0, i32 undef)
  %col = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 3, i32 undef)
  %t = call i32 @dx.op.coverage.i32(i32 91)
  %c = trunc i32 %t to i8
  %dyn = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 %c, i32 undef)
  %vertex = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 0)
  %ok_eval = call float @dx.op.evalCentroid.f32(i32 89, i32 0, i32 0, i8 0)
  %eval = call float @dx.op.evalCentroid.f32(i32 89, i32 2, i32 0, i8 0)
  %pos = call float @dx.op.evalCentroid.f32(i32 89, i32 1, i32 0, i8 0)
  %ok_atv = call float @dx.op.attributeAtVertex.f32(i32 137, i32 2, i32 0, i8 0, i8 0)
  %atv = call float @dx.op.attributeAtVertex.f32(i32 137, i32 0, i32 0, i8 0, i8 0)
  call void @dx.op.emitStream(i32 97, i8 0)
  call void @helper()
  ret void
}

define void @helper() {
  %h = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  ret void
}

declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
declare float @dx.op.evalCentroid.f32(i32, i32, i32, i8) #0
declare float @dx.op.attributeAtVertex.f32(i32, i32, i32, i8, i8) #0
declare void @dx.op.emitStream(i32, i8) #1
declare i32 @dx.op.coverage.i32(i32) #0
attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 1}
!1 = !{!"ps", i32 6, i32 1}
!2 = !{ptr @main, !"main", !3, null, null}
!3 = !{!4, null, null}
!4 = !{!5, !6, !7}
!5 = !{i32 0, !"TEXCOORD", i8 9, i8 0, !8, i8 2, i32 1, i8 2, i32 0, i8 0, null}
!6 = !{i32 1, !"SV_Position", i8 9, i8 3, !8, i8 4, i32 1, i8 4, i32 1, i8 0, null}
!7 = !{i32 2, !"NOINTERP", i8 9, i8 0, !8, i8 1, i32 1, i8 1, i32 2, i8 0, null}
!8 = !{i32 0}

;--- gs.ll
target triple = "dxil-ms-dx"

define void @main() {
  %ok_v2 = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 2)
  %v3 = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 3)
  call void @dx.op.emitStream(i32 97, i8 0)
  call void @dx.op.emitStream(i32 97, i8 1)
  call void @dx.op.emitStream(i32 97, i8 5)
  ret void
}

declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
declare void @dx.op.emitStream(i32, i8) #1
attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"gs", i32 6, i32 0}
!2 = !{ptr @main, !"main", !3, null, !{i32 1, !9}}
!3 = !{!4, null, null}
!4 = !{!5}
!5 = !{i32 0, !"TEXCOORD", i8 9, i8 0, !8, i8 2, i32 1, i8 2, i32 0, i8 0, null}
!8 = !{i32 0}
!9 = !{i32 3, i32 3, i32 1, i32 5, i32 1}
