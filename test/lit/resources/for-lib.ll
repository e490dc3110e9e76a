; createHandleForLib (libraries): the handle is a load of a global resource
; variable that dx.resources lists; loads through a getelementptr of a
; resource array give index - lowerBound from the array subscript. The
; typed element count comes from the variable's type.
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %opt -disable-output -passes='verify,print<dxil-resources>' %t.ll 2>&1 | %FileCheck --check-prefix=RES %s

; CHECK: @[[NAME:.*]] = private unnamed_addr constant [4 x i8] c"Out\00", align 1
; CHECK-LABEL: define void @f(i32 %i)
; CHECK: call target("dx.TypedBuffer", <2 x float>, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_v2f32_1_0_0t(i32 0, i32 1, i32 1, i32 0, ptr @[[NAME]])
; CHECK: call target("dx.RawBuffer", i8, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_0_0t(i32 0, i32 4, i32 8, i32 %i, ptr @{{.*}})
; CHECK-NOT: createHandleForLib
; CHECK-NOT: load %
; CHECK: !dxu.resources = !{!{{[0-9]+}}}

; RES: Name: In
; RES: Lower Bound: 4
; RES-NEXT: Size: 8
; RES: Kind: RawBuffer
; RES: Name: Out
; RES: Kind: Buffer
; RES: Element Count: 2

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { ptr }
%"class.RWBuffer<vector<float, 2> >" = type { <2 x float> }
%struct.ByteAddressBuffer = type { i32 }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }

@"\01?Out@@3V?$RWBuffer@V?$vector@M$01@@@@A" = external constant %"class.RWBuffer<vector<float, 2> >", align 4
@"\01?In@@3PAUByteAddressBuffer@@A" = external constant [8 x %struct.ByteAddressBuffer], align 4

define void @f(i32 %i) {
  %o = load %"class.RWBuffer<vector<float, 2> >", ptr @"\01?Out@@3V?$RWBuffer@V?$vector@M$01@@@@A", align 4
  %p = getelementptr inbounds [8 x %struct.ByteAddressBuffer], ptr @"\01?In@@3PAUByteAddressBuffer@@A", i32 0, i32 %i
  %in = load %struct.ByteAddressBuffer, ptr %p, align 4
  %ho = call %dx.types.Handle @"dx.op.createHandleForLib.class.RWBuffer<vector<float, 2> >"(i32 160, %"class.RWBuffer<vector<float, 2> >" %o)
  %hi = call %dx.types.Handle @dx.op.createHandleForLib.struct.ByteAddressBuffer(i32 160, %struct.ByteAddressBuffer %in)
  %r = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %hi, i32 0, i32 undef, i8 1, i32 4)
  %x = extractvalue %dx.types.ResRet.f32 %r, 0
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %ho, i32 0, i32 undef, float %x, float %x, float %x, float %x, i8 15)
  ret void
}

declare %dx.types.Handle @"dx.op.createHandleForLib.class.RWBuffer<vector<float, 2> >"(i32, %"class.RWBuffer<vector<float, 2> >")
declare %dx.types.Handle @dx.op.createHandleForLib.struct.ByteAddressBuffer(i32, %struct.ByteAddressBuffer)
declare %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32, %dx.types.Handle, i32, i32, i8, i32)
declare void @dx.op.bufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!0 = !{i32 1, i32 3}
!1 = !{!"lib", i32 6, i32 3}
!2 = !{!3, !5, null, null}
!3 = !{!4}
!4 = !{i32 0, ptr @"\01?In@@3PAUByteAddressBuffer@@A", !"In", i32 0, i32 4, i32 8, i32 11, i32 0, null}
!5 = !{!6}
!6 = !{i32 0, ptr @"\01?Out@@3V?$RWBuffer@V?$vector@M$01@@@@A", !"Out", i32 0, i32 1, i32 1, i32 10, i1 false, i1 false, i1 false, !7}
!7 = !{i32 0, i32 9}
