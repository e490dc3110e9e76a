; Calls of custom-mapped ops that their handlers leave are counted under a
; named reason, never "custom": signature I/O in a module with no stage
; (llvm.dx.load.input and store.output take the call's SigPoint, which
; needs one), ops on a heap handle, and the status check of a kept load.
; RUN: %dxil-upgrade --verify --stats %s -o %t.ll > %t.stats
; RUN: %FileCheck --check-prefix=STATS %s < %t.stats
; RUN: %dxil-upgrade --verify --stats=json %s -o %t2.ll > %t.json
; RUN: %FileCheck --check-prefix=JSON %s < %t.json

; STATS: 4 LoadInput 1 0 1 signature-gap 1
; STATS: 5 StoreOutput 1 0 1 signature-gap 1
; STATS: 68 BufferLoad 1 0 1 heap-handle 1
; STATS: 71 CheckAccessFullyMapped 1 0 1 status-of-kept 1
; STATS: 216 AnnotateHandle 1 0 1 heap-handle 1
; STATS: 218 CreateHandleFromHeap 1 0 1 no-modern-form 1
; STATS: total: 6 calls in 1 module(s), 0 raised, 6 kept (no-modern-form 1, signature-gap 2, heap-handle 2, status-of-kept 1)

; JSON: "custom": 0,
; JSON: "signature-gap": 2,
; JSON-NEXT: "heap-handle": 2,
; JSON-NEXT: "handle-untyped": 0,
; JSON-NEXT: "handle-unresolved": 0,
; JSON-NEXT: "texture-form": 0,
; JSON-NEXT: "access-shape": 0,
; JSON-NEXT: "status-of-kept": 1
; JSON: "name": "LoadInput",
; JSON: "kept_by_reason": {
; JSON-NEXT: "signature-gap": 1

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { ptr }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }

define void @main() {
  %in = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %in)
  %h = call %dx.types.Handle @dx.op.createHandleFromHeap(i32 218, i32 0, i1 false, i1 false)
  %a = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %h, %dx.types.ResourceProperties { i32 10, i32 265 })
  %r = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %a, i32 0, i32 undef)
  %s = extractvalue %dx.types.ResRet.f32 %r, 4
  %ok = call i1 @dx.op.checkAccessFullyMapped.i32(i32 71, i32 %s)
  ret void
}

declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float)
declare %dx.types.Handle @dx.op.createHandleFromHeap(i32, i32, i1, i1) #0
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #0
declare %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32, %dx.types.Handle, i32, i32) #1
declare i1 @dx.op.checkAccessFullyMapped.i32(i32, i32) #1

attributes #0 = { nounwind memory(none) }
attributes #1 = { nounwind memory(read) }

!dx.version = !{!0}
!0 = !{i32 1, i32 6}
