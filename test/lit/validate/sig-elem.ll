; Each signature element against its entry (check/chk_sig_elem.c): a
; semantic the signature point has (Sm.Semantic: DXC's table of semantic
; kinds by signature point), an interpolation mode DXIL has
; (Meta.InterpModeValid), none on pixel outputs and vertex inputs
; (Sm.NoInterpMode) and no linear mode on integers
; (Meta.IntegerInterpMode). The ok_* modules pass.
; RUN: split-file %s %t
; RUN: %dxil-upgrade --check %t/ok_ps.ll
; RUN: %dxil-upgrade --check %t/ok_vs.ll
; RUN: not %dxil-upgrade --check %t/sema_ps.ll 2> %t/sema_ps.err
; RUN: %FileCheck %s --check-prefix=SEMAPS < %t/sema_ps.err
; SEMAPS: error: Semantic 'SV_DispatchThreadID' is invalid as ps Input. [Sm.Semantic]
; SEMAPS-NOT: error
; RUN: not %dxil-upgrade --check %t/sema_vs.ll 2> %t/sema_vs.err
; RUN: %FileCheck %s --check-prefix=SEMAVS < %t/sema_vs.err
; SEMAVS: error: Semantic 'SV_VertexID' is invalid as vs Output. [Sm.Semantic]
; RUN: not %dxil-upgrade --check %t/interp_ps.ll 2> %t/interp_ps.err
; RUN: %FileCheck %s --check-prefix=INTERPPS < %t/interp_ps.err
; INTERPPS-DAG: error: Invalid interpolation mode for 'TEXCOORD'. [Meta.InterpModeValid]
; INTERPPS-DAG: error: signature element NOINTERP specifies invalid interpolation mode for integer component type. [Meta.IntegerInterpMode]
; INTERPPS-DAG: error: Interpolation mode for 'SV_Target' is set but should be undefined. [Sm.NoInterpMode]
; RUN: not %dxil-upgrade --check %t/interp_vs.ll 2> %t/interp_vs.err
; RUN: %FileCheck %s --check-prefix=INTERPVS < %t/interp_vs.err
; INTERPVS: error: Interpolation mode for 'POSITION' is set but should be undefined. [Sm.NoInterpMode]
; INTERPVS-NOT: error

;--- ok_ps.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %a = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %a)
  ret void
}

declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1
attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"ps", i32 6, i32 0}
!2 = !{void ()* @main, !"main", !3, null, null}
!3 = !{!4, !5, null}
!4 = !{!{i32 0, !"TEXCOORD", i8 9, i8 0, !9, i8 2, i32 1, i8 1, i32 0, i8 0, null}, !{i32 1, !"NOINTERP", i8 5, i8 0, !9, i8 1, i32 1, i8 1, i32 1, i8 0, null}, !{i32 2, !"SV_Position", i8 9, i8 3, !9, i8 4, i32 1, i8 4, i32 2, i8 0, null}}
!5 = !{!{i32 0, !"SV_Target", i8 9, i8 16, !9, i8 0, i32 1, i8 1, i32 0, i8 0, null}}
!9 = !{i32 0}

;--- ok_vs.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %a = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %a)
  ret void
}

declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1
attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"vs", i32 6, i32 0}
!2 = !{void ()* @main, !"main", !3, null, null}
!3 = !{!4, !5, null}
!4 = !{!{i32 0, !"POSITION", i8 9, i8 0, !9, i8 0, i32 1, i8 1, i32 0, i8 0, null}}
!5 = !{!{i32 0, !"TEXCOORD", i8 9, i8 0, !9, i8 2, i32 1, i8 1, i32 0, i8 0, null}}
!9 = !{i32 0}

;--- sema_ps.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %a = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %a)
  ret void
}

declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1
attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"ps", i32 6, i32 0}
!2 = !{void ()* @main, !"main", !3, null, null}
!3 = !{!4, !5, null}
!4 = !{!{i32 0, !"TEXCOORD", i8 9, i8 0, !9, i8 2, i32 1, i8 1, i32 0, i8 0, null}, !{i32 1, !"NOINTERP", i8 5, i8 0, !9, i8 1, i32 1, i8 1, i32 1, i8 0, null}, !{i32 2, !"SV_Position", i8 9, i8 3, !9, i8 4, i32 1, i8 4, i32 2, i8 0, null}, !{i32 3, !"SV_DispatchThreadID", i8 5, i8 21, !9, i8 1, i32 1, i8 1, i32 3, i8 0, null}}
!5 = !{!{i32 0, !"SV_Target", i8 9, i8 16, !9, i8 0, i32 1, i8 1, i32 0, i8 0, null}}
!9 = !{i32 0}

;--- sema_vs.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %a = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %a)
  call void @dx.op.storeOutput.i32(i32 5, i32 1, i32 0, i8 0, i32 0)
  ret void
}

declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1
declare void @dx.op.storeOutput.i32(i32, i32, i32, i8, i32) #1
attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"vs", i32 6, i32 0}
!2 = !{void ()* @main, !"main", !3, null, null}
!3 = !{!4, !5, null}
!4 = !{!{i32 0, !"POSITION", i8 9, i8 0, !9, i8 0, i32 1, i8 1, i32 0, i8 0, null}}
!5 = !{!{i32 0, !"TEXCOORD", i8 9, i8 0, !9, i8 2, i32 1, i8 1, i32 0, i8 0, null}, !{i32 1, !"SV_VertexID", i8 5, i8 1, !9, i8 1, i32 1, i8 1, i32 1, i8 0, null}}
!9 = !{i32 0}

;--- interp_ps.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %a = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %a)
  ret void
}

declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1
attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"ps", i32 6, i32 0}
!2 = !{void ()* @main, !"main", !3, null, null}
!3 = !{!4, !5, null}
!4 = !{!{i32 0, !"TEXCOORD", i8 9, i8 0, !9, i8 9, i32 1, i8 1, i32 0, i8 0, null}, !{i32 1, !"NOINTERP", i8 5, i8 0, !9, i8 2, i32 1, i8 1, i32 1, i8 0, null}}
!5 = !{!{i32 0, !"SV_Target", i8 9, i8 16, !9, i8 2, i32 1, i8 1, i32 0, i8 0, null}}
!9 = !{i32 0}

;--- interp_vs.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %a = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %a)
  ret void
}

declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1
attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"vs", i32 6, i32 0}
!2 = !{void ()* @main, !"main", !3, null, null}
!3 = !{!4, !5, null}
!4 = !{!{i32 0, !"POSITION", i8 9, i8 0, !9, i8 2, i32 1, i8 1, i32 0, i8 0, null}}
!5 = !{!{i32 0, !"TEXCOORD", i8 9, i8 0, !9, i8 2, i32 1, i8 1, i32 0, i8 0, null}}
!9 = !{i32 0}
