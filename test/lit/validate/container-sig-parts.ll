; ISG1/OSG1 rebuilt by the validator the way DXC's validator rebuilds them
; (check/chk_sig_part.c), compared byte for byte, and the first differing
; field named. A pixel shader whose records hold what DXC's loader
; reinterprets: `SV_POSITION` (DXC names it SV_Position), a two-row
; TEXCOORD {0,1} and TEXCOORD2 packed beside it in one register (one name
; shared from validator 1.7, one copy each before), SV_IsFrontFace (a
; system-generated value), two targets and an unallocated SV_Depth
; (register -1). The writer and the check agree at validator 1.4 (i1 and
; masks of 1.4), 1.6 (no shared names, unpadded) and 1.8; DXC's
; validator 1.10 accepts all three (the gate's measurement,
; docs/diagnostics.md).
; RUN: sed 's/!20 = !{i32 1, i32 8}/!20 = !{i32 1, i32 4}/' %s > %t.4.ll
; RUN: sed 's/!20 = !{i32 1, i32 8}/!20 = !{i32 1, i32 6}/' %s > %t.6.ll
; RUN: %dxil-lower %t.4.ll -o %t.4.dxil
; RUN: %dxil-lower %t.6.ll -o %t.6.dxil
; RUN: %dxil-lower %s -o %t.8.dxil
; RUN: %dxil-upgrade --check %t.4.dxil
; RUN: %dxil-upgrade --check %t.6.dxil
; RUN: %dxil-upgrade --check %t.8.dxil
; RUN: %dxil-upgrade --dump %t.8.dxil | %FileCheck %s --check-prefix=PARTS
; PARTS: part 1: ISG1 at {{.*}}, 204 bytes
; PARTS: SV_Position 0 xyzw 0 POS float x
; PARTS: TEXCOORD 0 xy 1 NONE float
; PARTS: TEXCOORD 2 z 1 NONE float
; PARTS: TEXCOORD 1 xy 2 NONE float
; PARTS: SV_IsFrontFace 0 x 3 FFACE uint
; PARTS: part 2: OSG1
; PARTS: SV_Depth 0 x 4294967295 DEPTH float
;
; Each part edited to disagree with the module: a name respelled in
; capitals (what a writer keeping clang's spelling wrote), a system value,
; a read or never-written mask, a column mask. Each is refused with the
; field that differs.
; RUN: %mutate-one --kind sig-name-case %t.8.dxil %t.name.dxil
; RUN: not %dxil-upgrade --check %t.name.dxil 2>&1 | %FileCheck %s --check-prefix=NAME
; NAME: error: Container part 'Program {{Input|Output}} Signature' does not match expected for module. (element {{[0-9]}} ({{[A-Za-z_]+}} {{[0-9]}}): SemanticName: the part's 'SV_{{[A-Z]+}}', the module's 'SV_{{[A-Za-z]+}}') [Container.PartMatches] [DXIL5201]
; The record's own spelling, which the writer wrote before it named
; system values as DXC does; the check compared the part with the
; writer's and could not see it:
; RUN: %mutate-one --kind sig-name-case --seed 2 %t.6.dxil %t.pos.dxil
; RUN: not %dxil-upgrade --check %t.pos.dxil 2>&1 | %FileCheck %s --check-prefix=POS
; POS: error: Container part 'Program Input Signature' does not match expected for module. (element 0 (SV_Position 0): SemanticName: the part's 'SV_POSITION', the module's 'SV_Position') [Container.PartMatches] [DXIL5201]
; RUN: %mutate-one --kind sig-sysvalue %t.8.dxil %t.sv.dxil
; RUN: not %dxil-upgrade --check %t.sv.dxil 2>&1 | %FileCheck %s --check-prefix=SV
; SV: error: Container part 'Program {{Input|Output}} Signature' does not match expected for module. (element {{[0-9]}} ({{[A-Za-z_]+}} {{[0-9]}}): SystemValue: the part's {{[0-9]+}}, the module's {{[0-9]+}}) [Container.PartMatches]
; RUN: %mutate-one --kind sig-rw-mask %t.6.dxil %t.rw.dxil
; RUN: not %dxil-upgrade --check %t.rw.dxil 2>&1 | %FileCheck %s --check-prefix=RW
; RW: error: Container part 'Program {{Input|Output}} Signature' does not match expected for module. (element {{[0-9]}} ({{[A-Za-z_]+}} {{[0-9]}}): NeverWrites_Mask/AlwaysReads_Mask: the part's {{[0-9]+}}, the module's {{[0-9]+}}) [Container.PartMatches]
; RUN: %mutate-one --kind sig-mask %t.4.dxil %t.mask.dxil
; RUN: not %dxil-upgrade --check %t.mask.dxil 2>&1 | %FileCheck %s --check-prefix=MASK
; MASK: error: Container part 'Program {{Input|Output}} Signature' does not match expected for module. (element {{[0-9]}} ({{[A-Za-z_]+}} {{[0-9]}}): Mask: the part's {{[0-9]+}}, the module's {{[0-9]+}}) [Container.PartMatches]
;
; A part missing: DXC's writer would build one (8 bytes at least).
; RUN: %mutate-one --kind part-missing --seed 3 %t.8.dxil %t.missing.dxil
; RUN: not %dxil-upgrade --check %t.missing.dxil 2>&1 | %FileCheck %s --check-prefix=MISSING
; MISSING: error: Missing part '{{.*}}' required by module. [Container.PartMissing]

target triple = "dxil-ms-dx"

define void @main() {
entry:
  %p = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  %t0 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 0, i32 undef)
  %t1 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 1, i8 1, i32 undef)
  %t2 = call float @dx.op.loadInput.f32(i32 4, i32 2, i32 0, i8 0, i32 undef)
  %ff = call i32 @dx.op.loadInput.i32(i32 4, i32 3, i32 0, i8 0, i32 undef)
  %a = fadd float %p, %t0
  %b = fadd float %t1, %t2
  %f = uitofp i32 %ff to float
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %a)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %b)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float %f)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float %a)
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 0, float %b)
  call void @dx.op.storeOutput.f32(i32 5, i32 2, i32 0, i8 0, float %p)
  ret void
}

declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
declare i32 @dx.op.loadInput.i32(i32, i32, i32, i8, i32) #0
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!20}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}

!0 = !{i32 1, i32 0}
!1 = !{!"ps", i32 6, i32 0}
!2 = !{ptr @main, !"main", !3, null, null}
!3 = !{!4, !14, null}
!4 = !{!5, !8, !10, !12}
!5 = !{i32 0, !"SV_POSITION", i8 9, i8 3, !6, i8 4, i32 1, i8 4, i32 0, i8 0, !7}
!6 = !{i32 0}
!7 = !{i32 3, i32 1}
!8 = !{i32 1, !"TEXCOORD", i8 9, i8 0, !9, i8 2, i32 2, i8 2, i32 1, i8 0, !7}
!9 = !{i32 0, i32 1}
!10 = !{i32 2, !"TEXCOORD", i8 9, i8 0, !11, i8 2, i32 1, i8 1, i32 1, i8 2, !7}
!11 = !{i32 2}
!12 = !{i32 3, !"SV_IsFrontFace", i8 5, i8 13, !6, i8 1, i32 1, i8 1, i32 3, i8 0, !7}
!14 = !{!15, !16, !17}
!15 = !{i32 0, !"SV_Target", i8 9, i8 16, !6, i8 0, i32 1, i8 4, i32 0, i8 0, !18}
!16 = !{i32 1, !"SV_Target", i8 9, i8 16, !19, i8 0, i32 1, i8 1, i32 1, i8 0, !18}
!17 = !{i32 2, !"SV_Depth", i8 9, i8 17, !6, i8 0, i32 1, i8 1, i32 -1, i8 -1, !18}
!18 = !{i32 3, i32 15}
!19 = !{i32 1}
!20 = !{i32 1, i32 8}
