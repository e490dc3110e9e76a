; Groupshared pointers and atomics: a groupshared pointer comes through
; GEPs and bitcasts from a groupshared global, never from a select or phi
; (Instr.FailToResloveTGSMPointer); atomicrmw and cmpxchg only on
; groupshared or node record memory (Instr.AtomicOpNonGroupsharedOrRecord),
; never on a constant (Instr.AtomicConst), 64-bit ones from shader model
; 6.6 (Sm.OpcodeInInvalidFunction). @ok_* give no error; cs66 declares the
; flags its 64-bit groupshared atomic uses (Int64Ops, AtomicInt64OnGroupShared).
; RUN: split-file %s %t
; RUN: not %dxil-upgrade --check %t/cs65.ll 2> %t/cs65.err
; RUN: %FileCheck %s < %t/cs65.err
; RUN: not grep '@ok_' %t/cs65.err
; CHECK-DAG: error: TGSM pointers must originate from an unambiguous TGSM global variable. (@bad_tgsm: `%p = select i1 %c, ptr addrspace(3) @a, ptr addrspace(3) @b`) [Instr.FailToResloveTGSMPointer]
; CHECK-DAG: error: Non-groupshared or node record destination to atomic operation. (@bad_atomic: `%x = atomicrmw add ptr %l, i32 1 seq_cst, align 4`) [Instr.AtomicOpNonGroupsharedOrRecord]
; CHECK-DAG: error: Constant destination to atomic. (@bad_atomic: `%y = atomicrmw add ptr addrspace(3) @k, i32 1 seq_cst, align 4`) [Instr.AtomicConst]
; CHECK-DAG: error: opcode '64-bit atomic operations' should only be used in 'Shader Model 6.6+'. (@bad_atomic: `%z = atomicrmw add ptr addrspace(3) @w, i64 1 seq_cst, align 8`) [Sm.OpcodeInInvalidFunction]
; RUN: %dxil-upgrade --check %t/cs66.ll

;--- cs65.ll
target triple = "dxil-ms-dx"

@a = internal addrspace(3) global [4 x i32] zeroinitializer
@b = internal addrspace(3) global [4 x i32] zeroinitializer
@k = internal addrspace(3) constant i32 0
@w = internal addrspace(3) global i64 0

define void @main() {
  call void @bad_tgsm(i1 true)
  call void @ok_tgsm(i32 1)
  call void @bad_atomic()
  call void @ok_atomic()
  ret void
}

define void @bad_tgsm(i1 %c) {
  %p = select i1 %c, ptr addrspace(3) @a, ptr addrspace(3) @b
  store i32 1, ptr addrspace(3) %p, align 4
  ret void
}

define void @ok_tgsm(i32 %i) {
  %p = getelementptr [4 x i32], ptr addrspace(3) @a, i32 0, i32 %i
  store i32 1, ptr addrspace(3) %p, align 4
  ret void
}

define void @bad_atomic() {
  %l = alloca i32, align 4
  %x = atomicrmw add ptr %l, i32 1 seq_cst, align 4
  %y = atomicrmw add ptr addrspace(3) @k, i32 1 seq_cst, align 4
  %z = atomicrmw add ptr addrspace(3) @w, i64 1 seq_cst, align 8
  ret void
}

define void @ok_atomic() {
  %x = atomicrmw add ptr addrspace(3) @b, i32 1 seq_cst, align 4
  %c = cmpxchg ptr addrspace(3) @b, i32 0, i32 1 seq_cst seq_cst
  ret void
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 5}
!1 = !{!"cs", i32 6, i32 5}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 1, i32 1, i32 1}}}

;--- cs66.ll
target triple = "dxil-ms-dx"

@w = internal addrspace(3) global i64 0

define void @main() {
  %z = atomicrmw add ptr addrspace(3) @w, i64 1 seq_cst, align 8
  ret void
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{ptr @main, !"main", null, null, !{i32 0, i64 269484032, i32 4, !{i32 1, i32 1, i32 1}}}
