; Shader execution reordering (shader model 6.9): no undef hit object
; (Instr.UndefHitObject), no undef coherence hint when hint bits are given
; nor undef bit count (Instr.MayReorderThreadUndefCoherenceHintParam), no
; undef ray flags or miss index to MakeMiss (Instr.NoReadingUninitialized),
; a root table offset a multiple of 4 (Instr.ParamMultiple), component,
; row and column immediates in range (Instr.OperandRange). The %ok_*
; calls give no error.
; RUN: not %dxil-upgrade --check %s 2> %t.err
; RUN: %FileCheck %s < %t.err
; RUN: not grep '`%ok_' %t.err
; CHECK-DAG: error: HitObject is undef. (@main: `%undef_hit = {{.*}}[Instr.UndefHitObject]
; CHECK-DAG: error: Use of undef coherence hint or num coherence hint bits in MaybeReorderThread. (@main: `call void @dx.op.maybeReorderThread(i32 268, %dx.types.HitObject %ok_nop, i32 undef, i32 4)`) [Instr.MayReorderThreadUndefCoherenceHintParam]
; CHECK-DAG: error: Instructions should not read uninitialized value. (@main: `%miss = {{.*}}[Instr.NoReadingUninitialized]
; CHECK-DAG: error: parameter 'offset' must be a multiple of 4, got 6 (@main: `%root = {{.*}}[Instr.ParamMultiple]
; CHECK-DAG: error: expect component between 0~2, got 3. (@main: `%origin = {{.*}}[Instr.OperandRange]

target triple = "dxil-ms-dx"

%dx.types.HitObject = type { ptr }

define void @main() {
  %ok_nop = call %dx.types.HitObject @dx.op.hitObject_MakeNop(i32 266)
  %ok_hit = call i1 @dx.op.hitObject_StateScalar.i1(i32 270, %dx.types.HitObject %ok_nop)
  %undef_hit = call i1 @dx.op.hitObject_StateScalar.i1(i32 270, %dx.types.HitObject undef)
  call void @dx.op.maybeReorderThread(i32 268, %dx.types.HitObject %ok_nop, i32 undef, i32 4)
  call void @dx.op.maybeReorderThread(i32 268, %dx.types.HitObject %ok_nop, i32 undef, i32 0)
  %miss = call %dx.types.HitObject @dx.op.hitObject_MakeMiss(i32 265, i32 undef, i32 0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 1.0, float 1.0)
  %root = call i32 @dx.op.hitObject_LoadLocalRootTableConstant(i32 288, %dx.types.HitObject %ok_nop, i32 6)
  %ok_root = call i32 @dx.op.hitObject_LoadLocalRootTableConstant(i32 288, %dx.types.HitObject %ok_nop, i32 8)
  %origin = call float @dx.op.hitObject_StateVector.f32(i32 275, %dx.types.HitObject %ok_nop, i32 3)
  %ok_origin = call float @dx.op.hitObject_StateVector.f32(i32 275, %dx.types.HitObject %ok_nop, i32 2)
  ret void
}

declare %dx.types.HitObject @dx.op.hitObject_MakeNop(i32) #0
declare %dx.types.HitObject @dx.op.hitObject_MakeMiss(i32, i32, i32, float, float, float, float, float, float, float, float) #0
declare i1 @dx.op.hitObject_StateScalar.i1(i32, %dx.types.HitObject) #0
declare float @dx.op.hitObject_StateVector.f32(i32, %dx.types.HitObject, i32) #0
declare i32 @dx.op.hitObject_LoadLocalRootTableConstant(i32, %dx.types.HitObject, i32) #1
declare void @dx.op.maybeReorderThread(i32, %dx.types.HitObject, i32, i32) #2
attributes #0 = { nounwind readnone }
attributes #1 = { nounwind readonly }
attributes #2 = { nounwind }

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2, !3}
!0 = !{i32 1, i32 9}
!1 = !{!"lib", i32 6, i32 9}
!2 = !{null, !"", null, null, null}
!3 = !{ptr @main, !"main", null, null, !{i32 8, i32 7}}
