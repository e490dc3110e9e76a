; A min-precision cbuffer row (no native 16-bit types: DXIL 1.2, layout
; i16:32) holds one 16-bit value per 32-bit slot, so DXC's CBufRet.i16 /
; CBufRet.f16 have four fields, not eight. The raise keeps four lanes
; (load.cbufferrow.4 of i16/half); lowering must give back the 4-field
; struct instead of refusing the call or building an 8-field one.
; RUN: %dxil-upgrade --verify %s -o - | %FileCheck %s --check-prefix=RAISED
; RUN: %dxil-lower --raise %s -o - | %FileCheck %s --check-prefix=LOWERED
; RUN: %dxil-roundtrip %s | %FileCheck %s --check-prefix=RT
; RAISED-DAG: call { i16, i16, i16, i16 } @llvm.dx.resource.load.cbufferrow.4.i16.i16.i16.i16.
; RAISED-DAG: call { half, half, half, half } @llvm.dx.resource.load.cbufferrow.4.f16.f16.f16.f16.
; LOWERED-DAG: %dx.types.CBufRet.i16 = type { i16, i16, i16, i16 }
; LOWERED-DAG: %dx.types.CBufRet.f16 = type { half, half, half, half }
; LOWERED-DAG: call %dx.types.CBufRet.i16 @dx.op.cbufferLoadLegacy.i16(i32 59, %dx.types.Handle %{{.*}}, i32 0)
; LOWERED-DAG: call %dx.types.CBufRet.f16 @dx.op.cbufferLoadLegacy.f16(i32 59, %dx.types.Handle %{{.*}}, i32 1)
; LOWERED-NOT: CBufRet.i16.8
; RT: dxc-text-minprec-cbuffer.ll: round-trips

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.CBufRet.i16 = type { i16, i16, i16, i16 }
%dx.types.CBufRet.f16 = type { half, half, half, half }
%Params = type { <4 x i32>, <4 x float> }

define void @main() {
  %cb = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 0, i32 0, i1 false)
  %r0 = call %dx.types.CBufRet.i16 @dx.op.cbufferLoadLegacy.i16(i32 59, %dx.types.Handle %cb, i32 0)
  %a = extractvalue %dx.types.CBufRet.i16 %r0, 2
  %r1 = call %dx.types.CBufRet.f16 @dx.op.cbufferLoadLegacy.f16(i32 59, %dx.types.Handle %cb, i32 1)
  %b = extractvalue %dx.types.CBufRet.f16 %r1, 3
  %ai = sext i16 %a to i32
  %af = sitofp i32 %ai to half
  %s = fadd fast half %af, %b
  call void @dx.op.storeOutput.f16(i32 5, i32 0, i32 0, i8 0, half %s)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1
declare %dx.types.CBufRet.i16 @dx.op.cbufferLoadLegacy.i16(i32, %dx.types.Handle, i32) #1
declare %dx.types.CBufRet.f16 @dx.op.cbufferLoadLegacy.f16(i32, %dx.types.Handle, i32) #1
declare void @dx.op.storeOutput.f16(i32, i32, i32, i8, half) #0

attributes #0 = { nounwind }
attributes #1 = { nounwind readonly }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!5}

!0 = !{i32 1, i32 2}
!1 = !{!"vs", i32 6, i32 2}
!2 = !{null, null, !3, null}
!3 = !{!4}
!4 = !{i32 0, %Params* undef, !"Params", i32 0, i32 3, i32 1, i32 32, null}
!5 = !{void ()* @main, !"main", !6, !2, !10}
!6 = !{null, !7, null}
!7 = !{!8}
!8 = !{i32 0, !"COLOR", i8 8, i8 0, !9, i8 2, i32 1, i8 1, i32 0, i8 0, null}
!9 = !{i32 0}
!10 = !{i32 0, i64 32}
