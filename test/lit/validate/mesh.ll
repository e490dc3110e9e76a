; Mesh and amplification shaders: SetMeshOutputCounts and GetMeshPayload
; at most once (Instr.MultipleSetMeshOutputCounts,
; Instr.MultipleGetMeshPayload), before any vertex, primitive or index
; output (Instr.MissingSetMeshOutputCounts) and in a block dominating it
; (Instr.NonDominatingSetMeshOutputCounts); DispatchMesh exactly once
; (Instr.NotOnceDispatchMesh) and on every path through the entry
; (Instr.NonDominatingDispatchMesh). The ok_* modules pass.
; RUN: split-file %s %t
; RUN: not %dxil-upgrade --check %t/ms_twice.ll 2>&1 | %FileCheck %s --check-prefix=TWICE
; TWICE-DAG: error: SetMeshOUtputCounts cannot be called multiple times. (@main: `call void @dx.op.setMeshOutputCounts(i32 168, i32 4, i32 2)`) [Instr.MultipleSetMeshOutputCounts]
; TWICE-DAG: error: GetMeshPayload cannot be called multiple times. {{.*}}[Instr.MultipleGetMeshPayload]
; RUN: not %dxil-upgrade --check %t/ms_missing.ll 2>&1 | %FileCheck %s --check-prefix=MISSING
; MISSING: error: Missing SetMeshOutputCounts call. (@main: `call void @dx.op.emitIndices(i32 169, {{.*}}[Instr.MissingSetMeshOutputCounts]
; RUN: not %dxil-upgrade --check %t/ms_branch.ll 2>&1 | %FileCheck %s --check-prefix=BRANCH
; BRANCH: error: Non-Dominating SetMeshOutputCounts call. (@main: `call void @dx.op.emitIndices(i32 169, {{.*}}[Instr.NonDominatingSetMeshOutputCounts]
; RUN: %dxil-upgrade --check %t/ok_ms.ll
; RUN: not %dxil-upgrade --check %t/as_none.ll 2>&1 | %FileCheck %s --check-prefix=NONE
; NONE: error: DispatchMesh must be called exactly once in an Amplification shader. (@main) [Instr.NotOnceDispatchMesh]
; RUN: not %dxil-upgrade --check %t/as_branch.ll 2>&1 | %FileCheck %s --check-prefix=ASBRANCH
; ASBRANCH: error: Non-Dominating DispatchMesh call. (@main: `call void @dx.op.dispatchMesh{{.*}}[Instr.NonDominatingDispatchMesh]
; RUN: %dxil-upgrade --check %t/ok_as.ll

;--- ms_twice.ll
target triple = "dxil-ms-dx"
%struct.P = type { i32 }
define void @main() {
  call void @dx.op.setMeshOutputCounts(i32 168, i32 4, i32 2)
  call void @dx.op.setMeshOutputCounts(i32 168, i32 4, i32 2)
  %p = call ptr @dx.op.getMeshPayload.struct.P(i32 170)
  %q = call ptr @dx.op.getMeshPayload.struct.P(i32 170)
  ret void
}
declare void @dx.op.setMeshOutputCounts(i32, i32, i32) #0
declare ptr @dx.op.getMeshPayload.struct.P(i32) #1
attributes #0 = { nounwind }
attributes #1 = { nounwind readonly }
!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 5}
!1 = !{!"ms", i32 6, i32 5}
!2 = !{ptr @main, !"main", null, null, !{i32 9, !{!{i32 32, i32 1, i32 1}, i32 4, i32 2, i32 2, i32 4}}}

;--- ms_missing.ll
target triple = "dxil-ms-dx"
define void @main() {
  call void @dx.op.emitIndices(i32 169, i32 0, i32 0, i32 1, i32 2)
  ret void
}
declare void @dx.op.emitIndices(i32, i32, i32, i32, i32) #0
attributes #0 = { nounwind }
!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 5}
!1 = !{!"ms", i32 6, i32 5}
!2 = !{ptr @main, !"main", null, null, !{i32 9, !{!{i32 32, i32 1, i32 1}, i32 4, i32 2, i32 2, i32 0}}}

;--- ms_branch.ll
target triple = "dxil-ms-dx"
define void @main() {
entry:
  %c = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %b = icmp eq i32 %c, 0
  br i1 %b, label %set, label %emit
set:
  call void @dx.op.setMeshOutputCounts(i32 168, i32 4, i32 2)
  br label %emit
emit:
  call void @dx.op.emitIndices(i32 169, i32 0, i32 0, i32 1, i32 2)
  ret void
}
declare i32 @dx.op.threadId.i32(i32, i32) #1
declare void @dx.op.setMeshOutputCounts(i32, i32, i32) #0
declare void @dx.op.emitIndices(i32, i32, i32, i32, i32) #0
attributes #0 = { nounwind }
attributes #1 = { nounwind readnone }
!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 5}
!1 = !{!"ms", i32 6, i32 5}
!2 = !{ptr @main, !"main", null, null, !{i32 9, !{!{i32 32, i32 1, i32 1}, i32 4, i32 2, i32 2, i32 0}}}

;--- ok_ms.ll
target triple = "dxil-ms-dx"
define void @main() {
  call void @dx.op.setMeshOutputCounts(i32 168, i32 4, i32 2)
  call void @dx.op.emitIndices(i32 169, i32 0, i32 0, i32 1, i32 2)
  ret void
}
declare void @dx.op.setMeshOutputCounts(i32, i32, i32) #0
declare void @dx.op.emitIndices(i32, i32, i32, i32, i32) #0
attributes #0 = { nounwind }
!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 5}
!1 = !{!"ms", i32 6, i32 5}
!2 = !{ptr @main, !"main", null, null, !{i32 9, !{!{i32 32, i32 1, i32 1}, i32 4, i32 2, i32 2, i32 0}}}

;--- as_none.ll
target triple = "dxil-ms-dx"
define void @main() {
  ret void
}
!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 5}
!1 = !{!"as", i32 6, i32 5}
!2 = !{ptr @main, !"main", null, null, !{i32 10, !{!{i32 32, i32 1, i32 1}, i32 4}}}

;--- as_branch.ll
target triple = "dxil-ms-dx"
%struct.P = type { i32 }
@p = internal addrspace(3) global %struct.P zeroinitializer
define void @main() {
entry:
  %c = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %b = icmp eq i32 %c, 0
  br i1 %b, label %go, label %done
go:
  call void @dx.op.dispatchMesh.struct.P(i32 173, i32 1, i32 1, i32 1, ptr addrspace(3) @p)
  br label %done
done:
  ret void
}
declare i32 @dx.op.threadId.i32(i32, i32) #1
declare void @dx.op.dispatchMesh.struct.P(i32, i32, i32, i32, ptr addrspace(3)) #0
attributes #0 = { nounwind }
attributes #1 = { nounwind readnone }
!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 5}
!1 = !{!"as", i32 6, i32 5}
!2 = !{ptr @main, !"main", null, null, !{i32 10, !{!{i32 32, i32 1, i32 1}, i32 4}}}

;--- ok_as.ll
target triple = "dxil-ms-dx"
%struct.P = type { i32 }
@p = internal addrspace(3) global %struct.P zeroinitializer
define void @main() {
entry:
  %c = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %b = icmp eq i32 %c, 0
  br i1 %b, label %go, label %done
go:
  br label %done
done:
  call void @dx.op.dispatchMesh.struct.P(i32 173, i32 1, i32 1, i32 1, ptr addrspace(3) @p)
  ret void
}
declare i32 @dx.op.threadId.i32(i32, i32) #1
declare void @dx.op.dispatchMesh.struct.P(i32, i32, i32, i32, ptr addrspace(3)) #0
attributes #0 = { nounwind }
attributes #1 = { nounwind readnone }
!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 5}
!1 = !{!"as", i32 6, i32 5}
!2 = !{ptr @main, !"main", null, null, !{i32 10, !{!{i32 32, i32 1, i32 1}, i32 4}}}
