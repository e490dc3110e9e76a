; CBuffer layouts from dx.typeAnnotations: clang 22's packed __cblayout_
; struct with target("dx.Padding", n) at the annotated offsets (tag 3).
; Arrays pad each element to a 16-byte row (clang's
; <{ [N-1 x <{ E, pad }>], E }>), nested structs become packed named
; structs, matrices are registers in DXC's order (column_major 3x2: two
; registers of 3; row_major 2x3: two registers of 3). Under DXC's
; datalayout <3 x float> takes 16 bytes, so it is spelled [3 x float].
; A cbuffer without annotations keeps opaque bytes; so does one whose
; annotations do not add up. print<dxil-resources> sees the record sizes.
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %opt -disable-output -passes='verify,print<dxil-resources>' %t.ll 2>&1 | %FileCheck %s --check-prefix=SIZE

; CHECK-DAG: %__cblayout_CB0 = type <{ float, [3 x float], float, target("dx.Padding", 12), <{ [2 x <{ float, target("dx.Padding", 12) }>], float }>, target("dx.Padding", 12), <{ [1 x <{ [3 x float], target("dx.Padding", 4) }>], [3 x float] }>, target("dx.Padding", 4), %S, [2 x %S], <{ [1 x <{ [3 x float], target("dx.Padding", 4) }>], [3 x float] }>, float }>
; CHECK-DAG: %S = type <{ float, [3 x float] }>
; The record's global gives the type; the size pads the end.
; CHECK-DAG: %__cblayout_CB1 = type <{ <4 x float>, i32, <2 x i32>, target("dx.Padding", 4) }>
; CHECK-DAG: call target("dx.CBuffer", %__cblayout_CB0) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CB0st(i32 0, i32 0, i32 1, i32 0, ptr @{{.*}})
; CHECK-DAG: call target("dx.CBuffer", %__cblayout_CB1) @llvm.dx.resource.handlefrombinding
; CHECK-DAG: call target("dx.CBuffer", <{ [16 x i8] }>) @llvm.dx.resource.handlefrombinding{{.*}}(i32 0, i32 2,
; Overlapping offsets (8 + 16 > 16): opaque.
; CHECK-DAG: call target("dx.CBuffer", <{ [32 x i8] }>) @llvm.dx.resource.handlefrombinding{{.*}}(i32 0, i32 3,
; CHECK: load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_CB0st(target("dx.CBuffer", %__cblayout_CB0)
; CHECK-NOT: __cblayout_Bad

; SIZE: CBuffer size: 192
; SIZE: CBuffer size: 32
; SIZE: CBuffer size: 16
; SIZE: CBuffer size: 32

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%struct.S = type { float, <3 x float> }
%class.matrix.float.3.2 = type { [3 x <2 x float>] }
%class.matrix.float.2.3 = type { [2 x <3 x float>] }
%CB0 = type { float, <3 x float>, float, [3 x float], %class.matrix.float.3.2, %struct.S, [2 x %struct.S], %class.matrix.float.2.3, float }
%hostlayout.Other = type { <4 x float>, i32, <2 x i32> }
%Bad = type { <2 x float>, <4 x float> }
%dx.types.Handle = type { ptr }
%dx.types.CBufRet.f32 = type { float, float, float, float }

@CB1 = external constant %hostlayout.Other

define void @main() {
  %h0 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 0, i32 0, i1 false)
  %h1 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 1, i32 1, i1 false)
  %h2 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 2, i32 2, i1 false)
  %h3 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 3, i32 3, i1 false)
  %r0 = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %h0, i32 11)
  %r1 = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %h1, i32 0)
  %r2 = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %h2, i32 0)
  %r3 = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %h3, i32 0)
  %a = extractvalue %dx.types.CBufRet.f32 %r0, 3
  %b = extractvalue %dx.types.CBufRet.f32 %r1, 0
  %c = extractvalue %dx.types.CBufRet.f32 %r2, 0
  %d = extractvalue %dx.types.CBufRet.f32 %r3, 0
  call void @sink(float %a, float %b, float %c, float %d)
  ret void
}

declare void @sink(float, float, float, float)
declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1)
declare %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32, %dx.types.Handle, i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.typeAnnotations = !{!10}
!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{null, null, !3, null}
!3 = !{!4, !5, !6, !7}
!4 = !{i32 0, ptr undef, !"CB0", i32 0, i32 0, i32 1, i32 192, null}
!5 = !{i32 1, ptr @CB1, !"CB1", i32 0, i32 1, i32 1, i32 32, null}
!6 = !{i32 2, ptr undef, !"Stripped", i32 0, i32 2, i32 1, i32 16, null}
!7 = !{i32 3, ptr undef, !"Bad", i32 0, i32 3, i32 1, i32 32, null}
!10 = !{i32 0, %CB0 undef, !11, %struct.S undef, !30, %hostlayout.Other undef, !40, %Bad undef, !50}
!11 = !{i32 188, !12, !13, !14, !15, !16, !17, !18, !19, !20}
!12 = !{i32 6, !"f0", i32 3, i32 0, i32 7, i32 9}
!13 = !{i32 6, !"v3", i32 3, i32 4, i32 7, i32 9}
!14 = !{i32 6, !"f1", i32 3, i32 16, i32 7, i32 9}
!15 = !{i32 6, !"arr", i32 3, i32 32, i32 7, i32 9}
!16 = !{i32 6, !"m32", i32 2, !21, i32 3, i32 80, i32 7, i32 9}
!17 = !{i32 6, !"s", i32 3, i32 112}
!18 = !{i32 6, !"sa", i32 3, i32 128}
!19 = !{i32 6, !"rm", i32 2, !22, i32 3, i32 160, i32 7, i32 9}
!20 = !{i32 6, !"tail", i32 3, i32 188, i32 7, i32 9}
!21 = !{i32 3, i32 2, i32 2}
!22 = !{i32 2, i32 3, i32 1}
!30 = !{i32 16, !31, !32}
!31 = !{i32 6, !"a", i32 3, i32 0, i32 7, i32 9}
!32 = !{i32 6, !"b", i32 3, i32 4, i32 7, i32 9}
!40 = !{i32 28, !41, !42, !43}
!41 = !{i32 6, !"x", i32 3, i32 0, i32 7, i32 9}
!42 = !{i32 6, !"n", i32 3, i32 16, i32 7, i32 4}
!43 = !{i32 6, !"p", i32 3, i32 20, i32 7, i32 4}
!50 = !{i32 24, !51, !52}
!51 = !{i32 6, !"u", i32 3, i32 8, i32 7, i32 9}
!52 = !{i32 6, !"w", i32 3, i32 8, i32 7, i32 9}
