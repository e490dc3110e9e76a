; Barrier selects its intrinsic by the constant mode operand. LLVM 22 has
; only the group-sync form (mode 9); the other modes stay dx.op.barrier
; calls, whose declaration gets the table's attributes (NoDuplicate), and
; `convergent`, as every barrier (docs/ops.md "Convergence").
; RUN: %dxil-upgrade --verify --stats=json %s -o %t.ll > %t.json
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck --check-prefix=JSON %s < %t.json

; CHECK-LABEL: define void @main()
; CHECK-NEXT: %conv.entry = call token @llvm.experimental.convergence.entry()
; CHECK-NEXT: call void @llvm.dx.group.memory.barrier.with.group.sync() [ "convergencectrl"(token %conv.entry) ]
; CHECK-NEXT: call void @dx.op.barrier(i32 80, i32 3)
; CHECK-NEXT: call void @dx.op.barrier(i32 80, i32 11)
; CHECK-NEXT: call void @llvm.dx.group.memory.barrier.with.group.sync()
; CHECK: declare void @dx.op.barrier(i32, i32) #[[A:[0-9]+]]
; CHECK: attributes #[[A]] = { convergent noduplicate nounwind }

; JSON: "kept_by_reason": {
; JSON: "no-intrinsic": 2,
; JSON: "name": "Barrier",
; JSON: "calls": 4,
; JSON-NEXT: "raised": 2,
; JSON-NEXT: "kept": 2,
; JSON-NEXT: "kept_by_reason": {
; JSON-NEXT: "no-intrinsic": 2

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  call void @dx.op.barrier(i32 80, i32 9)
  call void @dx.op.barrier(i32 80, i32 3)
  call void @dx.op.barrier(i32 80, i32 11)
  call void @dx.op.barrier(i32 80, i32 9)
  ret void
}

declare void @dx.op.barrier(i32, i32) #0

attributes #0 = { nounwind readnone }
