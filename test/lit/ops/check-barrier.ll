; --check holds the SM 6.8 barriers (244-246) to DXC's validator rules:
; flag operands constant, memory type flags within 0xF, semantic flags
; within 0x7; group sync, group scope or group-shared memory only in
; compute, amplification, mesh and node stages (a library function takes
; the stages of the entries that call it); node record memory only in
; node shaders; every memory type (0xF) counts as the stage's own. The
; good calls in @cs_main give no error (the count of
; errors is exact).
; RUN: not %dxil-upgrade --check %s -o %t.ll 2> %t.err
; RUN: %FileCheck %s < %t.err
; RUN: grep -c DXIL5100 %t.err | %FileCheck --check-prefix=COUNT %s
; COUNT: {{^}}8{{$}}

; CHECK-DAG: error: @bad_bits: @dx.op.barrierByMemoryType opcode 244 (BarrierByMemoryType): memory type flags 0x12 set bits outside 0xf [DXIL5100]
; CHECK-DAG: error: @bad_bits: @dx.op.barrierByMemoryType opcode 244 (BarrierByMemoryType): semantic flags 0x9 set bits outside 0x7 [DXIL5100]
; CHECK-DAG: error: @bad_bits: @dx.op.barrierByMemoryHandle opcode 245 (BarrierByMemoryHandle): semantic flags 0x9 set bits outside 0x7 [DXIL5100]
; CHECK-DAG: error: @node_main: @dx.op.barrierByNodeRecordHandle opcode 246 (BarrierByNodeRecordHandle): semantic flags 0x8 set bits outside 0x7 [DXIL5100]
; CHECK-DAG: error: @not_const: @dx.op.barrierByMemoryType opcode 244 (BarrierByMemoryType): semantic flags are not a constant [DXIL5100]
; CHECK-DAG: error: @ps_main: @dx.op.barrierByMemoryType opcode 244 (BarrierByMemoryType): group sync, group scope or group-shared memory outside compute, amplification, mesh and node stages, in stage pixel [DXIL5100]
; CHECK-DAG: error: @helper: @dx.op.barrierByMemoryHandle opcode 245 (BarrierByMemoryHandle): group sync, group scope or group-shared memory outside compute, amplification, mesh and node stages, in stage vertex [DXIL5100]
; CHECK-DAG: error: @cs_node: @dx.op.barrierByMemoryType opcode 244 (BarrierByMemoryType): node record memory outside node shaders, in stage compute [DXIL5100]

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.NodeRecordHandle = type { i8* }

define void @bad_bits() {
  call void @dx.op.barrierByMemoryType(i32 244, i32 18, i32 9)
  call void @dx.op.barrierByMemoryHandle(i32 245, %dx.types.Handle undef, i32 9)
  ret void
}

define void @node_main() {
  call void @dx.op.barrierByNodeRecordHandle(i32 246, %dx.types.NodeRecordHandle undef, i32 8)
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

; Reached from a compute and a vertex entry: only the vertex one is wrong.
define void @helper() {
  call void @dx.op.barrierByMemoryHandle(i32 245, %dx.types.Handle undef, i32 2)
  ret void
}

define void @cs_main() {
  call void @dx.op.barrierByMemoryType(i32 244, i32 3, i32 7)
  call void @dx.op.barrierByMemoryType(i32 244, i32 15, i32 3)
  call void @helper()
  ret void
}

define void @vs_main() {
  call void @helper()
  ret void
}

define void @cs_node() {
  call void @dx.op.barrierByMemoryType(i32 244, i32 4, i32 4)
  ret void
}

declare void @dx.op.barrierByMemoryType(i32, i32, i32) #0
declare void @dx.op.barrierByMemoryHandle(i32, %dx.types.Handle, i32) #0
declare void @dx.op.barrierByNodeRecordHandle(i32, %dx.types.NodeRecordHandle, i32) #0

attributes #0 = { noduplicate nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2, !3, !4, !5, !6, !8}

!0 = !{i32 1, i32 8}
!1 = !{!"lib", i32 6, i32 8}
!2 = !{null, !"", null, null, null}
!3 = !{void ()* @ps_main, !"ps_main", null, null, !{i32 8, i32 0}}
!4 = !{void ()* @cs_main, !"cs_main", null, null, !{i32 8, i32 5, i32 4, !7}}
!5 = !{void ()* @vs_main, !"vs_main", null, null, !{i32 8, i32 1}}
!6 = !{void ()* @cs_node, !"cs_node", null, null, !{i32 8, i32 5, i32 4, !7}}
!7 = !{i32 64, i32 1, i32 1}
!8 = !{void ()* @node_main, !"node_main", null, null, !{i32 8, i32 15, i32 4, !7}}
