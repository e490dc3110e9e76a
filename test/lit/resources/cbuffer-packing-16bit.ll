; CBuffer packing with native 16-bit types (datalayout i16:16 / f16:16):
; 16-bit scalars take 2 bytes and are 2-aligned. half: 0; half3 (6
; bytes): 2; int16: 8; half2: 10 (2-aligned, not 4); float (14 + 4 > 16
; straddles): row 16; half: 20; half4 (8 bytes): 22, ending at 30;
; int16_t4 (30 + 8 straddles): row 32. 40 bytes. <3 x half> takes 8 bytes
; under the datalayout, so it is spelled [3 x half].
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %opt -disable-output -passes='verify,print<dxil-resources>' %t.ll 2>&1 | %FileCheck %s --check-prefix=SIZE

; CHECK: %__cblayout_CB = type <{ half, [3 x half], i16, <2 x half>, target("dx.Padding", 2), float, half, <4 x half>, target("dx.Padding", 2), <4 x i16> }>
; CHECK: call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding
; SIZE: CBuffer size: 40

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%hostlayout.CB = type { half, <3 x half>, i16, <2 x half>, float, half, <4 x half>, <4 x i16> }
%dx.types.Handle = type { ptr }
%dx.types.CBufRet.f16.8 = type { half, half, half, half, half, half, half, half }

@CB = external constant %hostlayout.CB

define void @main() {
  %h = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 0, i32 0, i1 false)
  %r = call %dx.types.CBufRet.f16.8 @dx.op.cbufferLoadLegacy.f16(i32 59, %dx.types.Handle %h, i32 0)
  %a = extractvalue %dx.types.CBufRet.f16.8 %r, 0
  call void @sink(half %a)
  ret void
}

declare void @sink(half)
declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1)
declare %dx.types.CBufRet.f16.8 @dx.op.cbufferLoadLegacy.f16(i32, %dx.types.Handle, i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!0 = !{i32 1, i32 2}
!1 = !{!"cs", i32 6, i32 2}
!2 = !{null, null, !3, null}
!3 = !{!4}
!4 = !{i32 0, ptr @CB, !"CB", i32 0, i32 0, i32 1, i32 40, null}
