; createHandle (DXIL < 1.6) whose index is not an i32: left as DXIL and
; counted as "mismatch" instead of raised with "index - lower bound" built
; from operands of two widths (invalid IR, or a crash when both fold).
; Replayed by fuzz_regress_load under ASan; test/lit/resources/operand-types-create-handle.ll
; checks the output.

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { ptr }

define void @main(i16 %x, i32 %i) {
  %a = call %dx.types.Handle @dx.op.createHandle.narrow(i32 57, i8 1, i32 0, i16 %x, i1 false)
  %b = call %dx.types.Handle @dx.op.createHandle.wide(i32 57, i8 1, i32 0, i64 3, i1 false)
  %c = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 %i, i1 false)
  call void @use(%dx.types.Handle %a, %dx.types.Handle %b, %dx.types.Handle %c)
  ret void
}

declare void @use(%dx.types.Handle, %dx.types.Handle, %dx.types.Handle)
declare %dx.types.Handle @dx.op.createHandle.narrow(i32, i8, i32, i16, i1)
declare %dx.types.Handle @dx.op.createHandle.wide(i32, i8, i32, i64, i1)
declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{null, !3, null, null}
!3 = !{!4}
!4 = !{i32 0, ptr undef, !"", i32 0, i32 2, i32 4, i32 11, i1 false, i1 false, i1 false, null}
