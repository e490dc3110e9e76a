; --check holds the SM 6.8 barriers (244-246) to DXC's validator rules:
; flag operands constant (Instr.BarrierNonConstantFlagArgument), memory
; type flags within 0xF and semantic flags within 0x7 before DXIL 1.9
; (Instr.BarrierFlagInvalid); group sync, group scope or group-shared
; memory only in compute, amplification, mesh and node entries
; (Instr.BarrierModeForNonCS); node record memory only in node shaders
; (Instr.BarrierRequiresNode); every memory type (0xF) counts as the
; stage's own. A library function that is no entry is not held to a
; stage (DXC looks at the calling function only). The good calls give no
; error (the count of errors is exact).
; RUN: not %dxil-upgrade --check %s -o %t.ll 2> %t.err
; RUN: %FileCheck %s < %t.err
; RUN: grep -c 'error:' %t.err | %FileCheck --check-prefix=COUNT %s
; COUNT: {{^}}13{{$}}

; CHECK-DAG: error: Invalid memory type flags on DXIL operation 'BarrierByMemoryType' (0x12 sets bits outside 0xf) (@bad_bits: `call void @dx.op.barrierByMemoryType(i32 244, i32 18, i32 9)`) [Instr.BarrierFlagInvalid]
; CHECK-DAG: error: Invalid semantic flags on DXIL operation 'BarrierByMemoryType' (0x9 sets bits outside 0x7) (@bad_bits: `call void @dx.op.barrierByMemoryType(i32 244, i32 18, i32 9)`) [Instr.BarrierFlagInvalid]
; CHECK-DAG: error: Invalid semantic flags on DXIL operation 'barrierByMemoryHandle' (0x9 sets bits outside 0x7) (@bad_bits: {{.*}}[Instr.BarrierFlagInvalid]
; CHECK-DAG: error: Invalid semantic flags on DXIL operation 'barrierByNodeRecordHandle' (0x8 sets bits outside 0x7) (@node_main: {{.*}}[Instr.BarrierFlagInvalid]
; CHECK-DAG: error: Memory type, access, or sync flag is not constant (@not_const: {{.*}}[Instr.BarrierNonConstantFlagArgument]
; CHECK-DAG: error: sync in a non-Compute/Amplification/Mesh/Node Shader must only sync UAV (sync_uglobal). (@ps_main: `call void @dx.op.barrierByMemoryType(i32 244, i32 1, i32 3)`) [Instr.BarrierModeForNonCS]
; CHECK-DAG: error: sync in a non-Node Shader must not sync node record memory. (@cs_node: {{.*}}[Instr.BarrierRequiresNode]
; The entries those barriers reach (Sm.Incompatible*, DXC's entry
; compatibility: the same verdicts from DXC's validator on this module).
; CHECK-DAG: error: Entry function performs some operation that is incompatible with the shader stage or other entry properties.  See other errors for details. (@ps_main) [Sm.IncompatibleOperation]
; CHECK-DAG: error: Function uses features incompatible with the shader stage (ps) of the entry function. (@ps_main) [Sm.IncompatibleStage]
; CHECK-DAG: error: Function requires a visible group, but is called from a shader without one. (@ps_main) [Sm.IncompatibleRequiresGroup]
; CHECK-DAG: error: Entry function performs some operation that is incompatible with the shader stage or other entry properties.  See other errors for details. (@cs_node) [Sm.IncompatibleOperation]
; CHECK-DAG: error: Function uses features incompatible with the shader stage (cs) of the entry function. (@cs_node) [Sm.IncompatibleStage]
; The flags its handles need are not declared (DXC: the same).
; CHECK-DAG: error: Flags must match usage. {{.*}}[Meta.FlagsUsage]

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.NodeRecordHandle = type { i8* }
%dx.types.NodeRecordInfo = type { i32, i32 }

define void @bad_bits() {
  %h = call %dx.types.Handle @dx.op.createHandleFromHeap(i32 218, i32 0, i1 false, i1 false)
  %a = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %h, %dx.types.ResourceProperties { i32 4107, i32 0 })
  call void @dx.op.barrierByMemoryType(i32 244, i32 18, i32 9)
  call void @dx.op.barrierByMemoryHandle(i32 245, %dx.types.Handle %a, i32 9)
  ret void
}

define void @node_main() {
  %r = call %dx.types.NodeRecordHandle @dx.op.createNodeInputRecordHandle(i32 250, i32 0)
  %n = call %dx.types.NodeRecordHandle @dx.op.annotateNodeRecordHandle(i32 251, %dx.types.NodeRecordHandle %r, %dx.types.NodeRecordInfo { i32 97, i32 4 })
  call void @dx.op.barrierByNodeRecordHandle(i32 246, %dx.types.NodeRecordHandle %n, i32 8)
  call void @dx.op.barrierByMemoryType(i32 244, i32 12, i32 3)
  ret void
}

define void @not_const(i32 %s) {
  call void @dx.op.barrierByMemoryType(i32 244, i32 1, i32 %s)
  ret void
}

; Device-scope UAV sync is fine in any stage; group sync is not.
define void @ps_main() {
  call void @dx.op.barrierByMemoryType(i32 244, i32 1, i32 4)
  call void @dx.op.barrierByMemoryType(i32 244, i32 15, i32 4)
  call void @dx.op.barrierByMemoryType(i32 244, i32 1, i32 3)
  ret void
}

define void @cs_main() {
  call void @dx.op.barrierByMemoryType(i32 244, i32 3, i32 7)
  call void @dx.op.barrierByMemoryType(i32 244, i32 15, i32 3)
  ret void
}

define void @cs_node() {
  call void @dx.op.barrierByMemoryType(i32 244, i32 4, i32 4)
  ret void
}

declare void @dx.op.barrierByMemoryType(i32, i32, i32) #0
declare void @dx.op.barrierByMemoryHandle(i32, %dx.types.Handle, i32) #0
declare void @dx.op.barrierByNodeRecordHandle(i32, %dx.types.NodeRecordHandle, i32) #0
declare %dx.types.Handle @dx.op.createHandleFromHeap(i32, i32, i1, i1) #1
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #1
declare %dx.types.NodeRecordHandle @dx.op.createNodeInputRecordHandle(i32, i32) #1
declare %dx.types.NodeRecordHandle @dx.op.annotateNodeRecordHandle(i32, %dx.types.NodeRecordHandle, %dx.types.NodeRecordInfo) #1

attributes #0 = { noduplicate nounwind }
attributes #1 = { nounwind readnone }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2, !3, !4, !6, !8}

!0 = !{i32 1, i32 8}
!1 = !{!"lib", i32 6, i32 8}
!2 = !{null, !"", null, null, null}
!3 = !{void ()* @ps_main, !"ps_main", null, null, !{i32 8, i32 0}}
!4 = !{void ()* @cs_main, !"cs_main", null, null, !{i32 8, i32 5, i32 4, !7}}
!6 = !{void ()* @cs_node, !"cs_node", null, null, !{i32 8, i32 5, i32 4, !7}}
!7 = !{i32 64, i32 1, i32 1}
!8 = !{void ()* @node_main, !"node_main", null, null, !{i32 8, i32 15, i32 4, !7}}
