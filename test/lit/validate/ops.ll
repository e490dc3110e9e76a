; Rules of particular ops: no infinite immediate to Log, Asin, Acos or a
; derivative (Instr.NoIndefinite*); derivatives in compute, mesh and
; amplification shaders from shader model 6.6 (Sm.OpcodeInInvalidFunction);
; Barrier's mode an immediate (Instr.OpConst) with some memory
; (Instr.BarrierModeNoMemory), not both UAV scopes
; (Instr.BarrierModeUselessUGroup), only the global UAV fence outside
; compute-like stages (Instr.BarrierModeForNonCS); createHandle only
; outside libraries and up to DXIL 1.5, createHandleForLib only in
; libraries (Sm.OpcodeInInvalidFunction); atomics on UAVs
; (Instr.AtomicIntrinNonUAV); node shaders read only their launch type's
; thread ids (Instr.SVConflictingLaunchMode); 16-bit IsNaN and kin from
; shader model 6.9 (Sm.IsSpecialFloat). @ok_* give no error.
; RUN: split-file %s %t
; RUN: not %dxil-upgrade --check %t/cs.ll 2> %t/cs.err
; RUN: %FileCheck %s --check-prefix=CS < %t/cs.err
; RUN: not grep '@ok_' %t/cs.err
; CS-DAG: error: No indefinite logarithm. (@bad_math: {{.*}}[Instr.NoIndefiniteLog]
; CS-DAG: error: No indefinite arcsine. (@bad_math: {{.*}}[Instr.NoIndefiniteAsin]
; CS-DAG: error: No indefinite arccosine. (@bad_math: {{.*}}[Instr.NoIndefiniteAcos]
; CS-DAG: error: No indefinite derivative calculation. (@bad_math: {{.*}}[Instr.NoIndefiniteDsxy]
; CS-DAG: error: Mode of Barrier must be an immediate constant. (@bad_barrier: {{.*}}[Instr.OpConst]
; CS-DAG: error: sync must include some form of memory barrier - _u (UAV) and/or _g (Thread Group Shared Memory).  Only _t (thread group sync) is optional. (@bad_barrier: `call void @dx.op.barrier(i32 80, i32 1)`) [Instr.BarrierModeNoMemory]
; CS-DAG: error: sync can't specify both _ugroup and _uglobal. If both are needed, just specify _uglobal. (@bad_barrier: `call void @dx.op.barrier(i32 80, i32 6)`) [Instr.BarrierModeUselessUGroup]
; CS-DAG: error: opcode 'CreateHandleForLib' should only be used in 'Library'. (@bad_handle: {{.*}}[Sm.OpcodeInInvalidFunction]
; CS-DAG: error: Non-UAV destination to atomic intrinsic. (@bad_atomic: {{.*}}[Instr.AtomicIntrinNonUAV]
; CS-DAG: error: 16 bit IsSpecialFloat overloads require Shader Model 6.9 or higher. (@bad_isnan: {{.*}}[Sm.IsSpecialFloat]
; RUN: not %dxil-upgrade --check %t/cs65.ll 2>&1 | %FileCheck %s --check-prefix=CS65
; CS65: error: opcode 'Derivatives in CS/MS/AS' should only be used in 'Shader Model 6.6+'. (@main: {{.*}}[Sm.OpcodeInInvalidFunction]
; RUN: not %dxil-upgrade --check %t/ps.ll 2>&1 | %FileCheck %s --check-prefix=PS
; PS: error: sync in a non-Compute/Amplification/Mesh/Node Shader must only sync UAV (sync_uglobal). (@main: `call void @dx.op.barrier(i32 80, i32 9)`) [Instr.BarrierModeForNonCS]
; PS-NOT: error:
; RUN: not %dxil-upgrade --check %t/node.ll 2>&1 | %FileCheck %s --check-prefix=NODE
; NODE: error: Call to DXIL intrinsic ThreadId (SV_DispatchThreadID) is not allowed in node shader launch type Coalescing (@coalesce: {{.*}}[Instr.SVConflictingLaunchMode]
; NODE-NOT: error:

;--- cs.ll
target triple = "dxil-ms-dx"

%dx.types.Handle = type { ptr }
%dx.types.ResourceProperties = type { i32, i32 }

define void @main() {
  call void @bad_math()
  call void @ok_math(float 1.0)
  call void @bad_barrier(i32 3)
  call void @ok_barrier()
  call void @bad_handle()
  call void @bad_atomic()
  call void @ok_atomic()
  call void @bad_isnan(half 1.0)
  ret void
}

define void @bad_math() {
  %l = call float @dx.op.unary.f32(i32 23, float 0x7FF0000000000000)
  %s = call float @dx.op.unary.f32(i32 16, float 0x7FF0000000000000)
  %c = call float @dx.op.unary.f32(i32 15, float 0xFFF0000000000000)
  %d = call float @dx.op.unary.f32(i32 85, float 0x7FF0000000000000)
  ret void
}

define void @ok_math(float %x) {
  %l = call float @dx.op.unary.f32(i32 23, float %x)
  %s = call float @dx.op.unary.f32(i32 16, float 0.5)
  ret void
}

define void @bad_barrier(i32 %m) {
  call void @dx.op.barrier(i32 80, i32 %m)
  call void @dx.op.barrier(i32 80, i32 1)
  call void @dx.op.barrier(i32 80, i32 6)
  ret void
}

define void @ok_barrier() {
  call void @dx.op.barrier(i32 80, i32 11)
  call void @dx.op.barrier(i32 80, i32 2)
  ret void
}

define void @bad_handle() {
  %h = call %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32 160, %dx.types.Handle zeroinitializer)
  ret void
}

define void @bad_atomic() {
  %h = call %dx.types.Handle @dx.op.createHandleFromHeap(i32 218, i32 0, i1 false, i1 false)
  %s = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %h, %dx.types.ResourceProperties { i32 11, i32 0 })
  %a = call i32 @dx.op.atomicBinOp.i32(i32 78, %dx.types.Handle %s, i32 0, i32 0, i32 undef, i32 undef, i32 1)
  ret void
}

define void @ok_atomic() {
  %h = call %dx.types.Handle @dx.op.createHandleFromHeap(i32 218, i32 1, i1 false, i1 false)
  %u = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %h, %dx.types.ResourceProperties { i32 4107, i32 0 })
  %a = call i32 @dx.op.atomicBinOp.i32(i32 78, %dx.types.Handle %u, i32 0, i32 0, i32 undef, i32 undef, i32 1)
  ret void
}

define void @bad_isnan(half %h) {
  %n = call i1 @dx.op.isSpecialFloat.f16(i32 8, half %h)
  ret void
}

declare float @dx.op.unary.f32(i32, float) #0
declare void @dx.op.barrier(i32, i32) #1
declare %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32, %dx.types.Handle) #2
declare %dx.types.Handle @dx.op.createHandleFromHeap(i32, i32, i1, i1) #0
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #0
declare i32 @dx.op.atomicBinOp.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32) #1
declare i1 @dx.op.isSpecialFloat.f16(i32, half) #0

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }
attributes #2 = { nounwind readonly }

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 1, i32 1, i32 1}}}

;--- cs65.ll
target triple = "dxil-ms-dx"

define void @main() {
  %d = call float @dx.op.unary.f32(i32 85, float 1.0)
  ret void
}

declare float @dx.op.unary.f32(i32, float) #0
attributes #0 = { nounwind readnone }

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 5}
!1 = !{!"cs", i32 6, i32 5}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 4, i32 1, i32 1}}}

;--- ps.ll
target triple = "dxil-ms-dx"

define void @main() {
  call void @dx.op.barrier(i32 80, i32 9)
  call void @dx.op.barrier(i32 80, i32 2)
  ret void
}

declare void @dx.op.barrier(i32, i32) #1
attributes #1 = { nounwind }

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"ps", i32 6, i32 0}
!2 = !{ptr @main, !"main", null, null, null}

;--- node.ll
target triple = "dxil-ms-dx"

define void @coalesce() {
  %t = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %g = call i32 @dx.op.threadIdInGroup.i32(i32 95, i32 0)
  ret void
}

define void @broadcast() {
  %t = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  ret void
}

declare i32 @dx.op.threadId.i32(i32, i32) #0
declare i32 @dx.op.threadIdInGroup.i32(i32, i32) #0
attributes #0 = { nounwind readnone }

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2, !3, !4}
!0 = !{i32 1, i32 8}
!1 = !{!"lib", i32 6, i32 8}
!2 = !{null, !"", null, null, null}
!3 = !{ptr @coalesce, !"coalesce", null, null, !{i32 8, i32 15, i32 13, i32 2, i32 4, !5}}
!4 = !{ptr @broadcast, !"broadcast", null, null, !{i32 8, i32 15, i32 13, i32 1, i32 4, !5}}
!5 = !{i32 32, i32 1, i32 1}
