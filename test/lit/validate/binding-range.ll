; createHandleFromBinding is checked whether or not an op uses the handle
; (DXC checks every creation when it maps resources): a constant index
; outside the binding's range, or a resource class above 3, is
; Instr.OpConstRange; an index inside the range is fine.
; RUN: not %dxil-upgrade --check %s 2> %t.err
; RUN: %FileCheck %s < %t.err
; RUN: not grep '%in =' %t.err
; CHECK-DAG: error: Constant values must be in-range for operation. (@main: `%low = call {{.*}}[Instr.OpConstRange]
; CHECK-DAG: error: Constant values must be in-range for operation. (@main: `%cls = call {{.*}}[Instr.OpConstRange]
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { ptr }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }

define void @main() {
  %in = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 2, i32 5, i32 0, i8 1 }, i32 5, i1 false)
  %a = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %in, %dx.types.ResourceProperties { i32 4107, i32 0 })
  %low = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 2, i32 5, i32 0, i8 1 }, i32 1, i1 false)
  %b = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %low, %dx.types.ResourceProperties { i32 4107, i32 0 })
  %cls = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 4 }, i32 0, i1 false)
  ret void
}

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) #0
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #0

attributes #0 = { nounwind readnone }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 8}
!1 = !{!"cs", i32 6, i32 8}
!2 = !{ptr @main, !"main", null, null, !3}
!3 = !{i32 0, i64 8589934592, i32 4, !4}
!4 = !{i32 1, i32 1, i32 1}
