; Handle creations whose operand types are not the op's (a damaged type
; table made every i32 another width, say) are left as DXIL and counted as
; "mismatch": the raise must not build index arithmetic from them (an i128
; index minus an i32 lower bound crashed in LLVM's constant folder).
; Well-formed calls in the same module are still raised.
; RUN: %dxil-upgrade --verify --stats %s -o %t.ll >%t.stats
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck --check-prefix=STATS %s < %t.stats

; CHECK: call %dx.types.Handle @dx.op.createHandleFromBinding.wide(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 1 }, i128 1, i1 false)
; CHECK: call %dx.types.Handle @dx.op.createHandleFromBinding.badbind(i32 217, %dx.types.ResBindW { i64 2, i64 2, i64 0, i8 1 }, i32 2, i1 false)
; CHECK: call target("dx.RawBuffer", i8, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_1_0t(i32 0, i32 3, i32 1, i32 0, ptr null)
; STATS: 217 CreateHandleFromBinding 3 1 2 mismatch 2

target datalayout = "e-m:e-p:32:32-i1:32-i8:8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { ptr }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResBindW = type { i64, i64, i64, i8 }
%dx.types.ResourceProperties = type { i32, i32 }

define void @main() {
  %a = call %dx.types.Handle @dx.op.createHandleFromBinding.wide(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 1 }, i128 1, i1 false)
  %a1 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %a, %dx.types.ResourceProperties { i32 4107, i32 0 })
  %c = call %dx.types.Handle @dx.op.createHandleFromBinding.badbind(i32 217, %dx.types.ResBindW { i64 2, i64 2, i64 0, i8 1 }, i32 2, i1 false)
  %c1 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %c, %dx.types.ResourceProperties { i32 4107, i32 0 })
  %d = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 3, i32 3, i32 0, i8 1 }, i32 3, i1 false)
  %e = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %d, %dx.types.ResourceProperties { i32 4107, i32 0 })
  call void @use(%dx.types.Handle %a1, %dx.types.Handle %c1, %dx.types.Handle %e)
  ret void
}

declare void @use(%dx.types.Handle, %dx.types.Handle, %dx.types.Handle)
declare %dx.types.Handle @dx.op.createHandleFromBinding.wide(i32, %dx.types.ResBind, i128, i1)
declare %dx.types.Handle @dx.op.createHandleFromBinding.badbind(i32, %dx.types.ResBindW, i32, i1)
declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1)
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
