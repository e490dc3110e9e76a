; Buffer access on raised handles: bufferLoad/rawBufferLoad/rawBufferVectorLoad
; become load.typedbuffer/load.rawbuffer with the scattered extractvalues
; regrouped into one vector (N from the resource type for typed buffers, from
; the mask for raw ones) and checkAccessFullyMapped folded into the i1;
; stores drop DXC's replicated/undef lanes; updatecounter and buffer
; getDimensions map directly. getDimensions on a texture has no LLVM 22
; form and keeps the dx.op call with a cast handle.
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll

; CHECK-LABEL: define void @main(i32 %i)
; CHECK: %[[TC:.*]] = call %dx.types.Handle @llvm.dx.resource.casthandle.s_dx.types.Handles.tdx.Texture_v4f32_0_0_0_2t(
; CHECK: %[[TL:.*]] = call { <2 x float>, i1 } @llvm.dx.resource.load.typedbuffer.v2f32.tdx.TypedBuffer_v2f32_0_0_0t(target("dx.TypedBuffer", <2 x float>, 0, 0, 0) %{{.*}}, i32 %i)
; CHECK-DAG: %[[TV:.*]] = extractvalue { <2 x float>, i1 } %[[TL]], 0
; CHECK-DAG: %[[OK:.*]] = extractvalue { <2 x float>, i1 } %[[TL]], 1
; CHECK-DAG: extractelement <2 x float> %[[TV]], i32 1
; CHECK: call { <3 x i32>, i1 } @llvm.dx.resource.load.rawbuffer.v3i32.tdx.RawBuffer_i8_1_0t(target("dx.RawBuffer", i8, 1, 0) %{{.*}}, i32 %i, i32 poison)
; CHECK: call { <4 x half>, i1 } @llvm.dx.resource.load.rawbuffer.v4f16.tdx.RawBuffer_a4i32_0_0t(target("dx.RawBuffer", [4 x i32], 0, 0) %{{.*}}, i32 %i, i32 8)
; CHECK: call void @llvm.dx.resource.store.typedbuffer.tdx.TypedBuffer_v2i32_1_0_0t.v2i32(target("dx.TypedBuffer", <2 x i32>, 1, 0, 0) %{{.*}}, i32 %i, <2 x i32> %{{.*}})
; CHECK: call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i8_1_0t.v2i32(target("dx.RawBuffer", i8, 1, 0) %{{.*}}, i32 0, i32 poison, <2 x i32> %{{.*}})
; CHECK: call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i8_1_0t.v3f32(target("dx.RawBuffer", i8, 1, 0) %{{.*}}, i32 4, i32 poison, <3 x float> %{{.*}})
; CHECK: call i32 @llvm.dx.resource.updatecounter.tdx.RawBuffer_a4i32_1_0t(target("dx.RawBuffer", [4 x i32], 1, 0) %{{.*}}, i8 -1)
; CHECK: call i32 @llvm.dx.resource.getdimensions.x.tdx.TypedBuffer_v2f32_0_0_0t(
; CHECK: call %dx.types.Dimensions @dx.op.getDimensions(i32 72, %dx.types.Handle %[[TC]], i32 0)
; CHECK-NOT: @dx.op.bufferLoad
; CHECK-NOT: @dx.op.rawBuffer
; CHECK-NOT: @dx.op.bufferStore
; CHECK-NOT: @dx.op.checkAccessFullyMapped
; CHECK-NOT: @dx.op.bufferUpdateCounter

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { ptr }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }
%dx.types.ResRet.v4f16 = type { <4 x half>, i32 }
%dx.types.Dimensions = type { i32, i32, i32, i32 }

define void @main(i32 %i) {
  %c0 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %typed = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %c0, %dx.types.ResourceProperties { i32 10, i32 521 })
  %c1 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 0 }, i32 1, i1 false)
  %sb = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %c1, %dx.types.ResourceProperties { i32 12, i32 16 })
  %c2 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 2, i32 2, i32 0, i8 0 }, i32 2, i1 false)
  %tex = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %c2, %dx.types.ResourceProperties { i32 2, i32 1033 })
  %u0 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %raw = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %u0, %dx.types.ResourceProperties { i32 4107, i32 0 })
  %u1 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 1 }, i32 1, i1 false)
  %rwt = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %u1, %dx.types.ResourceProperties { i32 4106, i32 517 })
  %u2 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 2, i32 2, i32 0, i8 1 }, i32 2, i1 false)
  %ctr = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %u2, %dx.types.ResourceProperties { i32 36876, i32 16 })
  ; typed load of a float2 buffer; both lanes and the status are used
  %t = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %typed, i32 %i, i32 undef)
  %t0 = extractvalue %dx.types.ResRet.f32 %t, 0
  %t1 = extractvalue %dx.types.ResRet.f32 %t, 1
  %ts = extractvalue %dx.types.ResRet.f32 %t, 4
  %mapped = call i1 @dx.op.checkAccessFullyMapped.i32(i32 71, i32 %ts)
  ; raw load of three dwords (mask 7)
  %r = call %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle %raw, i32 %i, i32 undef, i8 7, i32 4)
  %r2 = extractvalue %dx.types.ResRet.i32 %r, 2
  ; SM 6.9 vector load from a structured buffer
  %v = call %dx.types.ResRet.v4f16 @dx.op.rawBufferVectorLoad.v4f16(i32 303, %dx.types.Handle %sb, i32 %i, i32 8, i32 2)
  %vv = extractvalue %dx.types.ResRet.v4f16 %v, 0
  ; typed store of a uint2: DXC repeats lane 0 into lanes 2 and 3
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %rwt, i32 %i, i32 undef, i32 %r2, i32 %i, i32 %r2, i32 %r2, i8 15)
  ; raw stores with masks 3 and 7
  call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %raw, i32 0, i32 undef, i32 %r2, i32 %i, i32 undef, i32 undef, i8 3, i32 4)
  call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %raw, i32 4, i32 undef, float %t0, float %t1, float %t0, float undef, i8 7, i32 4)
  %n = call i32 @dx.op.bufferUpdateCounter(i32 70, %dx.types.Handle %ctr, i8 -1)
  %d = call %dx.types.Dimensions @dx.op.getDimensions(i32 72, %dx.types.Handle %typed, i32 undef)
  %dw = extractvalue %dx.types.Dimensions %d, 0
  %td = call %dx.types.Dimensions @dx.op.getDimensions(i32 72, %dx.types.Handle %tex, i32 0)
  %th = extractvalue %dx.types.Dimensions %td, 1
  call void @sink(i1 %mapped, <4 x half> %vv, i32 %n, i32 %dw, i32 %th)
  ret void
}

declare void @sink(i1, <4 x half>, i32, i32, i32)
declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1)
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties)
declare %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32, %dx.types.Handle, i32, i32)
declare i1 @dx.op.checkAccessFullyMapped.i32(i32, i32)
declare %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32, %dx.types.Handle, i32, i32, i8, i32)
declare %dx.types.ResRet.v4f16 @dx.op.rawBufferVectorLoad.v4f16(i32, %dx.types.Handle, i32, i32, i32)
declare void @dx.op.bufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8)
declare void @dx.op.rawBufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8, i32)
declare void @dx.op.rawBufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8, i32)
declare i32 @dx.op.bufferUpdateCounter(i32, %dx.types.Handle, i8)
declare %dx.types.Dimensions @dx.op.getDimensions(i32, %dx.types.Handle, i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 9}
!1 = !{!"cs", i32 6, i32 9}
