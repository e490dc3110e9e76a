; clang 22's resource access through llvm.dx.resource.getpointer and plain
; loads/stores, written by hand (no clang needed): the resource-access pass
; turns each into the access intrinsics, which the buffer pass lowers.
; Lanes and byte offsets come from the GEPs (typed ones through a struct
; too), in this module's datalayout.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; The validator passes it (vectors are scalarized before shader model 6.9).
; RUN: %dxil-upgrade --check %t.ll
; RUN: %FileCheck %s < %t.ll

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

%struct.P = type { float, [2 x [2 x i32]] }

; CHECK-LABEL: define void @main()
; CHECK: %[[I:[0-9]+]] = call i32 @dx.op.threadId.i32(i32 93, i32 0)
; CHECK-NEXT: %[[K:[0-9]+]] = call i32 @dx.op.threadId.i32(i32 93, i32 1)
define void @main() #0 {
entry:
  %tb = call target("dx.TypedBuffer", <4 x float>, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_v4f32_1_0_0t(i32 0, i32 0, i32 1, i32 0, ptr null)
  %bb = call target("dx.RawBuffer", i8, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_1_0t(i32 0, i32 1, i32 1, i32 0, ptr null)
  %sb = call target("dx.RawBuffer", %struct.P, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_s_struct.Ps_1_0t(i32 0, i32 2, i32 1, i32 0, ptr null)
  %i = call i32 @llvm.dx.thread.id(i32 0)
  %k = call i32 @llvm.dx.thread.id(i32 1)

; A whole element, then lane 1 through a typed GEP, then a dynamic lane:
; one bufferLoad each, constant lanes read straight from the ResRet; the
; dynamic lane is picked with selects (no extractelement before SM 6.9).
; CHECK: %[[L0:[0-9]+]] = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %[[TB:[0-9]+]], i32 %[[I]], i32 undef)
; CHECK: %[[L1:[0-9]+]] = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %[[TB]], i32 %[[I]], i32 undef)
; CHECK-NEXT: %[[Y:[0-9]+]] = extractvalue %dx.types.ResRet.f32 %[[L1]], 1
; CHECK: %[[L2:[0-9]+]] = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %[[TB]], i32 %[[I]], i32 undef)
; CHECK: icmp eq i32 %[[K]], 3
; CHECK-NEXT: %dyn = select i1 %{{[0-9]+}}, float %{{[0-9]+}}, float %{{[0-9]+}}
; CHECK-NOT: extractelement
  %p = call ptr @llvm.dx.resource.getpointer.p0.tdx.TypedBuffer_v4f32_1_0_0t(target("dx.TypedBuffer", <4 x float>, 1, 0, 0) %tb, i32 %i)
  %whole = load <4 x float>, ptr %p, align 16
  %py = getelementptr inbounds <4 x float>, ptr %p, i32 0, i32 1
  %y = load float, ptr %py, align 4
  %pk = getelementptr float, ptr %p, i32 %k
  %dyn = load float, ptr %pk, align 4

; A lane written (byte GEP 8 = lane 2): the element is read, lane 2
; replaced and all four lanes stored.
; CHECK: %[[OLD:[0-9]+]] = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %[[TB]], i32 %[[I]], i32 undef)
; CHECK-DAG: %[[X:[0-9]+]] = extractvalue %dx.types.ResRet.f32 %[[OLD]], 0
; CHECK-DAG: %[[Y2:[0-9]+]] = extractvalue %dx.types.ResRet.f32 %[[OLD]], 1
; CHECK-DAG: %[[W:[0-9]+]] = extractvalue %dx.types.ResRet.f32 %[[OLD]], 3
; CHECK: call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %[[TB]], i32 %[[I]], i32 undef, float %[[X]], float %[[Y2]], float %dyn, float %[[W]], i8 15)
  %pz = getelementptr inbounds nuw i8, ptr %p, i32 8
  store float %dyn, ptr %pz, align 8
; The whole element stored back at index k.
; CHECK: call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %[[TB]], i32 %[[K]], i32 undef, float %{{[0-9]+}}, float %{{[0-9]+}}, float %{{[0-9]+}}, float %{{[0-9]+}}, i8 15)
  %pk2 = call ptr @llvm.dx.resource.getpointer.p0.tdx.TypedBuffer_v4f32_1_0_0t(target("dx.TypedBuffer", <4 x float>, 1, 0, 0) %tb, i32 %k)
  store <4 x float> %whole, ptr %pk2, align 16

; Byte-address buffer: the byte offset joins the index, the offset is undef.
; CHECK: %[[A:[0-9]+]] = add i32 %[[I]], 12
; CHECK: call %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle %[[BB:[0-9]+]], i32 %[[A]], i32 undef, i8 1, i32 4)
; CHECK: call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %[[BB]], i32 %[[I]], i32 undef, i32 %{{[0-9a-z]+}}, i32 %{{[0-9a-z]+}}, i32 undef, i32 undef, i8 3, i32 4)
  %b = call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i8_1_0t(target("dx.RawBuffer", i8, 1, 0) %bb, i32 %i)
  %b12 = getelementptr inbounds nuw i8, ptr %b, i32 12
  %w = load i32, ptr %b12, align 4
  %w2 = insertelement <2 x i32> poison, i32 %w, i32 0
  %w3 = insertelement <2 x i32> %w2, i32 %k, i32 1
  store <2 x i32> %w3, ptr %b, align 4

; Structured buffer through a typed GEP: field 1 at 4, array stride 8,
; lane 1 at 4: byte offset 4 + 8*k + 4, lowered as (k * 8) + 8.
; CHECK: %[[M:[0-9]+]] = mul i32 %[[K]], 8
; CHECK-NEXT: %[[O:[0-9]+]] = add i32 %[[M]], 8
; CHECK: call %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle %[[SB:[0-9]+]], i32 %[[I]], i32 %[[O]], i8 1, i32 4)
; CHECK: call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %[[SB]], i32 %[[K]], i32 0, float %[[Y]], float undef, float undef, float undef, i8 1, i32 4)
  %s = call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_s_struct.Ps_1_0t(target("dx.RawBuffer", %struct.P, 1, 0) %sb, i32 %i)
  %sf = getelementptr inbounds %struct.P, ptr %s, i32 0, i32 1, i32 %k, i32 1
  %v = load i32, ptr %sf, align 4
  %s2 = call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_s_struct.Ps_1_0t(target("dx.RawBuffer", %struct.P, 1, 0) %sb, i32 %k)
  store float %y, ptr %s2, align 4

; A select and a phi of getpointers on one handle: one access of the
; selected index.
; CHECK: %[[SEL:[0-9]+]] = select i1 %c, i32 %[[I]], i32 %[[K]]
; CHECK: call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %[[TB]], i32 %[[SEL]], i32 undef)
  %c = icmp ugt i32 %v, 3
  %q1 = call ptr @llvm.dx.resource.getpointer.p0.tdx.TypedBuffer_v4f32_1_0_0t(target("dx.TypedBuffer", <4 x float>, 1, 0, 0) %tb, i32 %i)
  %q2 = call ptr @llvm.dx.resource.getpointer.p0.tdx.TypedBuffer_v4f32_1_0_0t(target("dx.TypedBuffer", <4 x float>, 1, 0, 0) %tb, i32 %k)
  %q = select i1 %c, ptr %q1, ptr %q2
  %qw = getelementptr inbounds nuw i8, ptr %q, i32 12
  %sw = load <1 x float>, ptr %qw, align 4
  br i1 %c, label %then, label %join

then:
  %r1 = call ptr @llvm.dx.resource.getpointer.p0.tdx.TypedBuffer_v4f32_1_0_0t(target("dx.TypedBuffer", <4 x float>, 1, 0, 0) %tb, i32 %v)
  br label %join

; CHECK: join:
; CHECK-NEXT: %[[PHI:[0-9]+]] = phi i32 [ %{{[0-9]+}}, %then ], [ %[[I]], %entry ]
; CHECK-NEXT: call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %[[TB]], i32 %[[PHI]], i32 undef)
join:
  %r = phi ptr [ %r1, %then ], [ %q1, %entry ]
  %rv = load <4 x float>, ptr %r, align 16
  %f = extractelement <1 x float> %sw, i32 0
  %rv2 = insertelement <4 x float> %rv, float %f, i32 0
  store <4 x float> %rv2, ptr %q1, align 16
  ret void
}
; CHECK-NOT: getpointer
; CHECK-NOT: llvm.dx.resource.load
; CHECK-NOT: llvm.dx.resource.store

declare i32 @llvm.dx.thread.id(i32)
declare target("dx.TypedBuffer", <4 x float>, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_v4f32_1_0_0t(i32, i32, i32, i32, ptr)
declare target("dx.RawBuffer", i8, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_1_0t(i32, i32, i32, i32, ptr)
declare target("dx.RawBuffer", %struct.P, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_s_struct.Ps_1_0t(i32, i32, i32, i32, ptr)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.TypedBuffer_v4f32_1_0_0t(target("dx.TypedBuffer", <4 x float>, 1, 0, 0), i32)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i8_1_0t(target("dx.RawBuffer", i8, 1, 0), i32)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_s_struct.Ps_1_0t(target("dx.RawBuffer", %struct.P, 1, 0), i32)

attributes #0 = { "hlsl.shader"="compute" "hlsl.numthreads"="1,1,1" }
