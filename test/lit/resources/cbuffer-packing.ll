; CBuffer layouts without dx.typeAnnotations: the offsets come from DXC's
; legacy packing rules applied to the record's struct type (its global's
; %hostlayout type, or the module's %hostlayout.<name> / %<name> type for a
; `ptr undef` record). Arrays and structs start a 16-byte row, each array
; element but the last is padded to a row, a scalar or vector must not
; straddle a row, 64-bit types are 8-aligned, min precision 16-bit types
; (i16:32) take 4 bytes. The computed size must be the record's.
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %opt -disable-output -passes='verify,print<dxil-resources>' %t.ll 2>&1 | %FileCheck %s --check-prefix=SIZE

; a: 0; b straddles (8 + 12 > 16): 16; c: 28; d[3]: row 32, 36 bytes; e
; packs after the array's last element: 68; S: row 80, 12 bytes; f: 92;
; g (double): 96; h (double3, 24 bytes): 112; i[2] (float3): row 144, 28
; bytes; j straddles (172 + 8): 176. 184 bytes.
; CHECK-DAG: %__cblayout_CB0 = type <{ <2 x float>, target("dx.Padding", 8), [3 x float], float, <{ [2 x <{ float, target("dx.Padding", 12) }>], float }>, float, target("dx.Padding", 8), %S, float, double, target("dx.Padding", 8), [3 x double], target("dx.Padding", 8), <{ [1 x <{ [3 x float], target("dx.Padding", 4) }>], [3 x float] }>, target("dx.Padding", 4), <2 x float> }>
; CHECK-DAG: %S = type <{ float, <2 x float> }>
; Found by name (stripped global); min precision: 4 bytes per element,
; so the half3 fits in row 0 after the half (4 + 12); i64 8-aligned at 24.
; CHECK-DAG: %__cblayout_CB1 = type <{ half, [3 x half], i16, float, i64, <2 x i32> }>
; An array of cbuffers: the element type. A hostlayout matrix is its
; registers: float3x2 column_major = [2 x <3 x float>], 28 bytes; the
; float packs after it (32 bytes).
; CHECK-DAG: %__cblayout_CBA = type <{ <{ [1 x <{ [3 x float], target("dx.Padding", 4) }>], [3 x float] }>, float }>
; CHECK-DAG: call target("dx.CBuffer", %__cblayout_CB0) @llvm.dx.resource.handlefrombinding{{.*}}(i32 0, i32 0, i32 1,
; CHECK-DAG: call target("dx.CBuffer", %__cblayout_CB1) @llvm.dx.resource.handlefrombinding{{.*}}(i32 0, i32 1, i32 1,
; CHECK-DAG: call target("dx.CBuffer", %__cblayout_CBA) @llvm.dx.resource.handlefrombinding{{.*}}(i32 0, i32 5, i32 2,
; Computed 32 bytes, record 20: opaque.
; CHECK-DAG: call target("dx.CBuffer", <{ [20 x i8] }>) @llvm.dx.resource.handlefrombinding{{.*}}(i32 0, i32 2,
; A matrix type says nothing of its orientation without annotations: opaque.
; CHECK-DAG: call target("dx.CBuffer", <{ [32 x i8] }>) @llvm.dx.resource.handlefrombinding{{.*}}(i32 0, i32 3,
; A library's handle global (%dx.types.Handle) is no layout, nor is a missing type.
; CHECK-DAG: call target("dx.CBuffer", <{ [4 x i8] }>) @llvm.dx.resource.handlefrombinding{{.*}}(i32 0, i32 4,
; CHECK-NOT: __cblayout_Short
; CHECK-NOT: __cblayout_Mat

; SIZE: CBuffer size: 184
; SIZE: CBuffer size: 40
; SIZE: CBuffer size: 20
; SIZE: CBuffer size: 32
; SIZE: CBuffer size: 4
; SIZE: CBuffer size: 32

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%hostlayout.struct.S = type { float, <2 x float> }
%hostlayout.CB0 = type { <2 x float>, <3 x float>, float, [3 x float], float, %hostlayout.struct.S, float, double, <3 x double>, [2 x <3 x float>], <2 x float> }
%CB1 = type { half, <3 x half>, i16, float, i64, <2 x i32> }
%hostlayout.Short = type { float, <4 x float> }
%class.matrix.float.2.2 = type { [2 x <2 x float>] }
%Mat = type { %class.matrix.float.2.2 }
%hostlayout.CBA = type { [2 x <3 x float>], float }
%dx.types.Handle = type { ptr }
%dx.types.CBufRet.f32 = type { float, float, float, float }

@CB0 = external constant %hostlayout.CB0
@Short = external constant %hostlayout.Short
@Hnd = external constant %dx.types.Handle
@CBA = external constant [2 x %hostlayout.CBA]

define void @main() {
  %h0 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 0, i32 0, i1 false)
  %h1 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 1, i32 1, i1 false)
  %h2 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 2, i32 2, i1 false)
  %h3 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 3, i32 3, i1 false)
  %h4 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 4, i32 4, i1 false)
  %h5 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 5, i32 6, i1 false)
  %r0 = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %h0, i32 11)
  %r1 = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %h1, i32 1)
  %r2 = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %h2, i32 0)
  %r3 = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %h3, i32 0)
  %r4 = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %h4, i32 0)
  %r5 = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %h5, i32 1)
  %a = extractvalue %dx.types.CBufRet.f32 %r0, 0
  %b = extractvalue %dx.types.CBufRet.f32 %r1, 0
  %c = extractvalue %dx.types.CBufRet.f32 %r2, 0
  %d = extractvalue %dx.types.CBufRet.f32 %r3, 0
  %e = extractvalue %dx.types.CBufRet.f32 %r4, 0
  %f = extractvalue %dx.types.CBufRet.f32 %r5, 3
  call void @sink(float %a, float %b, float %c, float %d, float %e, float %f)
  ret void
}

declare void @sink(float, float, float, float, float, float)
declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1)
declare %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32, %dx.types.Handle, i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{null, null, !3, null}
!3 = !{!4, !5, !6, !7, !8, !9}
!4 = !{i32 0, ptr @CB0, !"CB0", i32 0, i32 0, i32 1, i32 184, null}
!5 = !{i32 1, ptr undef, !"CB1", i32 0, i32 1, i32 1, i32 40, null}
!6 = !{i32 2, ptr @Short, !"Short", i32 0, i32 2, i32 1, i32 20, null}
!7 = !{i32 3, ptr undef, !"Mat", i32 0, i32 3, i32 1, i32 32, null}
!8 = !{i32 4, ptr @Hnd, !"Hnd", i32 0, i32 4, i32 1, i32 4, null}
!9 = !{i32 5, ptr @CBA, !"CBA", i32 0, i32 5, i32 2, i32 32, null}
