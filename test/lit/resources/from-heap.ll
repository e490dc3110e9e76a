; createHandleFromHeap (SM 6.6 dynamic resources) has no LLVM 22 form: the
; handle, its annotateHandle and the ops using it stay DXIL, and the count
; is recorded in dxu.resources.kept.
; RUN: %dxil-upgrade --verify %s -o %t.ll 2>%t.err
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck --check-prefix=DIAG %s < %t.err

; CHECK: %[[H:.*]] = call %dx.types.Handle @dx.op.createHandleFromHeap(i32 218, i32 %i, i1 false, i1 true)
; CHECK: %[[A:.*]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %[[H]], %dx.types.ResourceProperties { i32 10, i32 265 })
; CHECK: call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %[[A]], i32 0, i32 undef)
; CHECK: !dxu.resources.kept = !{![[K:[0-9]+]]}
; CHECK: ![[K]] = !{!"createHandleFromHeap", i32 1}

; DIAG: warning: kept 1 dx.op.bufferLoad call(s) as DXIL: its handle is not a raised binding{{.*}} [DXIL5002]

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { ptr }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }

define float @main(i32 %i) {
  %h = call %dx.types.Handle @dx.op.createHandleFromHeap(i32 218, i32 %i, i1 false, i1 true)
  %a = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %h, %dx.types.ResourceProperties { i32 10, i32 265 })
  %r = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %a, i32 0, i32 undef)
  %x = extractvalue %dx.types.ResRet.f32 %r, 0
  ret float %x
}

declare %dx.types.Handle @dx.op.createHandleFromHeap(i32, i32, i1, i1)
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties)
declare %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32, %dx.types.Handle, i32, i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 6}
!1 = !{!"ps", i32 6, i32 6}
