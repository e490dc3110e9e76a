; cbufferLoadLegacy becomes load.cbufferrow.{2,4,8} (a literal struct of
; the row's scalars); the old byte-offset cbufferLoad becomes a row load
; plus an extract (extractvalue for a constant offset, a vector
; extractelement for a dynamic one).
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll

; CHECK: %[[H:.*]] = call target("dx.CBuffer", <{ [64 x i8] }>) @llvm.dx.resource.handlefrombinding
; CHECK: %[[R4:.*]] = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_sl_a64i8st(target("dx.CBuffer", <{ [64 x i8] }>) %[[H]], i32 1)
; CHECK: extractvalue { float, float, float, float } %[[R4]], 3
; CHECK: call { double, double } @llvm.dx.resource.load.cbufferrow.2.f64.f64.tdx.CBuffer_sl_a64i8st(target("dx.CBuffer", <{ [64 x i8] }>) %[[H]], i32 2)
; CHECK: call { half, half, half, half, half, half, half, half } @llvm.dx.resource.load.cbufferrow.8.f16.f16.f16.f16.f16.f16.f16.f16.tdx.CBuffer_sl_a64i8st(
; Byte offset 40 = row 2, element 2.
; CHECK: %[[R:.*]] = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.i32.i32.i32.i32.tdx.CBuffer_sl_a64i8st(target("dx.CBuffer", <{ [64 x i8] }>) %[[H]], i32 2)
; CHECK: extractvalue { i32, i32, i32, i32 } %[[R]], 2
; Dynamic offset.
; CHECK: %[[ROW:.*]] = lshr i32 %off, 4
; CHECK: %[[IN:.*]] = and i32 %off, 15
; CHECK: %[[SEL:.*]] = lshr i32 %[[IN]], 2
; CHECK: %[[D:.*]] = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_sl_a64i8st(target("dx.CBuffer", <{ [64 x i8] }>) %[[H]], i32 %[[ROW]])
; CHECK: extractelement <4 x float> %{{.*}}, i32 %[[SEL]]
; CHECK-NOT: @dx.op.cbufferLoad

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { ptr }
%dx.types.CBufRet.f32 = type { float, float, float, float }
%dx.types.CBufRet.f64 = type { double, double }
%dx.types.CBufRet.f16.8 = type { half, half, half, half, half, half, half, half }

define void @main(i32 %off) {
  %cb = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 0, i32 0, i1 false)
  %a = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %cb, i32 1)
  %a3 = extractvalue %dx.types.CBufRet.f32 %a, 3
  %b = call %dx.types.CBufRet.f64 @dx.op.cbufferLoadLegacy.f64(i32 59, %dx.types.Handle %cb, i32 2)
  %b0 = extractvalue %dx.types.CBufRet.f64 %b, 0
  %c = call %dx.types.CBufRet.f16.8 @dx.op.cbufferLoadLegacy.f16(i32 59, %dx.types.Handle %cb, i32 3)
  %c7 = extractvalue %dx.types.CBufRet.f16.8 %c, 7
  %d = call i32 @dx.op.cbufferLoad.i32(i32 58, %dx.types.Handle %cb, i32 40, i32 4)
  %e = call float @dx.op.cbufferLoad.f32(i32 58, %dx.types.Handle %cb, i32 %off, i32 4)
  call void @sink(float %a3, double %b0, half %c7, i32 %d, float %e)
  ret void
}

declare void @sink(float, double, half, i32, float)
declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1)
declare %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32, %dx.types.Handle, i32)
declare %dx.types.CBufRet.f64 @dx.op.cbufferLoadLegacy.f64(i32, %dx.types.Handle, i32)
declare %dx.types.CBufRet.f16.8 @dx.op.cbufferLoadLegacy.f16(i32, %dx.types.Handle, i32)
declare i32 @dx.op.cbufferLoad.i32(i32, %dx.types.Handle, i32, i32)
declare float @dx.op.cbufferLoad.f32(i32, %dx.types.Handle, i32, i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{null, null, !3, null}
!3 = !{!4}
!4 = !{i32 0, ptr undef, !"CB", i32 0, i32 0, i32 1, i32 64, null}
