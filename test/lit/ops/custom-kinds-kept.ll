; cbufferLoad and rawBufferVectorLoad are owned by the buffer pass through
; their custom kinds (cbuffer-load, raw-buffer-vector-load): a call it
; leaves is counted under the handler's reason, here a heap handle.
; RUN: %dxil-upgrade --verify --stats %s -o %t.ll > %t.stats
; RUN: %FileCheck %s < %t.stats

; CHECK: 58 CBufferLoad 1 0 1 heap-handle 1
; CHECK: 303 RawBufferVectorLoad 1 0 1 heap-handle 1
; CHECK: total: 6 calls in 1 module(s), 0 raised, 6 kept (no-modern-form 2, heap-handle 4)

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { ptr }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.ResRet.v4f32 = type { <4 x float>, i32 }

define float @main(i32 %i) {
  %hc = call %dx.types.Handle @dx.op.createHandleFromHeap(i32 218, i32 %i, i1 false, i1 false)
  %c = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %hc, %dx.types.ResourceProperties { i32 13, i32 16 })
  %x = call float @dx.op.cbufferLoad.f32(i32 58, %dx.types.Handle %c, i32 4, i32 4)
  %hb = call %dx.types.Handle @dx.op.createHandleFromHeap(i32 218, i32 %i, i1 false, i1 false)
  %b = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %hb, %dx.types.ResourceProperties { i32 11, i32 0 })
  %r = call %dx.types.ResRet.v4f32 @dx.op.rawBufferVectorLoad.v4f32(i32 303, %dx.types.Handle %b, i32 0, i32 undef, i32 4)
  %v = extractvalue %dx.types.ResRet.v4f32 %r, 0
  %y = extractelement <4 x float> %v, i32 0
  %s = fadd float %x, %y
  ret float %s
}

declare %dx.types.Handle @dx.op.createHandleFromHeap(i32, i32, i1, i1)
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties)
declare float @dx.op.cbufferLoad.f32(i32, %dx.types.Handle, i32, i32)
declare %dx.types.ResRet.v4f32 @dx.op.rawBufferVectorLoad.v4f32(i32, %dx.types.Handle, i32, i32, i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 9}
!1 = !{!"ps", i32 6, i32 9}
