; Buffer accesses whose operand or result types are not their op's are
; left as DXIL ("mismatch") before anything reads their operands: a
; bufferStore with three operands (its lanes read for the typed buffer's
; component count crashed), lanes of two types, a bufferLoad whose ResRet
; is not a struct, a cbufferLoadLegacy of an unknown row shape. The
; well-formed load of the same handle is still raised, and the typed
; buffer's component count comes from it alone.
; RUN: %dxil-upgrade --verify --stats %s -o %t.ll >%t.stats
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck --check-prefix=STATS %s < %t.stats

; CHECK: call void @dx.op.bufferStore.short(i32 69, %dx.types.Handle %{{.*}}, i32 0)
; CHECK: call void @dx.op.bufferStore.mixed(i32 69, %dx.types.Handle %{{.*}}, i32 0, i32 0, float 1.000000e+00, i32 2, float 3.000000e+00, float 4.000000e+00, i8 15)
; CHECK: call i32 @dx.op.bufferLoad.flat(i32 68, %dx.types.Handle %{{.*}}, i32 1, i32 undef)
; CHECK: call { float, i1 } @llvm.dx.resource.load.typedbuffer.f32.tdx.TypedBuffer_f32_1_0_0t(
; CHECK: call float @dx.op.cbufferLoadLegacy.bad(i32 59, %dx.types.Handle %{{.*}}, i32 0)
; STATS: 59 CBufferLoadLegacy 1 0 1
; STATS: 68 BufferLoad 2 1 1 mismatch 1
; STATS: 69 BufferStore 2 0 2 mismatch 2

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { ptr }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }

define void @main() {
  %u = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  call void @dx.op.bufferStore.short(i32 69, %dx.types.Handle %u, i32 0)
  call void @dx.op.bufferStore.mixed(i32 69, %dx.types.Handle %u, i32 0, i32 0, float 1.0, i32 2, float 3.0, float 4.0, i8 15)
  %flat = call i32 @dx.op.bufferLoad.flat(i32 68, %dx.types.Handle %u, i32 1, i32 undef)
  %r = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %u, i32 2, i32 undef)
  %x = extractvalue %dx.types.ResRet.f32 %r, 0
  %c = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 0, i32 0, i1 false)
  %row = call float @dx.op.cbufferLoadLegacy.bad(i32 59, %dx.types.Handle %c, i32 0)
  call void @use(i32 %flat, float %x, float %row)
  ret void
}

declare void @use(i32, float, float)
declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1)
declare void @dx.op.bufferStore.short(i32, %dx.types.Handle, i32)
declare void @dx.op.bufferStore.mixed(i32, %dx.types.Handle, i32, i32, float, i32, float, float, i8)
declare i32 @dx.op.bufferLoad.flat(i32, %dx.types.Handle, i32, i32)
declare %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32, %dx.types.Handle, i32, i32)
declare float @dx.op.cbufferLoadLegacy.bad(i32, %dx.types.Handle, i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{null, !3, !6, null}
!3 = !{!4}
!4 = !{i32 0, ptr undef, !"", i32 0, i32 0, i32 1, i32 10, i1 false, i1 false, i1 false, !5}
!5 = !{i32 0, i32 9}
!6 = !{!7}
!7 = !{i32 0, ptr undef, !"", i32 0, i32 0, i32 1, i32 16, null}
