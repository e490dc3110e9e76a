; The data scalarization's per-instruction handlers (legalize/legal_lanes.c;
; the driver and its other cases: scalarize.ll). What clang 22 and
; instcombine make of HLSL swizzles and conversions on vectors: a
; shufflevector (v.wzyx), fneg, sitofp, a vector freeze, an insertelement
; at a dynamic lane; before SM 6.9 each becomes its lanes (DXC:
; "Instructions must be of an allowed type", "Vector type is not
; allowed").
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-compute"

@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1
@.str.2 = private unnamed_addr constant [3 x i8] c"In\00", align 1

; CHECK-LABEL: define void @main()
; CHECK: %[[W:[0-9]+]] = extractvalue %dx.types.ResRet.i32 %[[R:[0-9]+]], 3
; CHECK: %[[X:[0-9]+]] = extractvalue %dx.types.ResRet.i32 %[[R]], 0
; sitofp per lane, of the shuffled lanes: lane 0 of v.wzyx is v.w.
; CHECK: %f.i0 = sitofp i32 %[[W]] to float
; CHECK: %f.i3 = sitofp i32 %[[X]] to float
; fneg per lane.
; CHECK: %n.i0 = fneg fast float %f.i0
; The insert at lane gi & 3: a select per lane (it feeds a buffer store,
; but a dynamic lane is no chain the op lowering could take apart).
; CHECK: %[[E0:[0-9]+]] = icmp eq i32 %lane, 0
; CHECK-NEXT: %[[S0:[0-9]+]] = select i1 %[[E0]], float 1.000000e+00, float %n.i0
; CHECK: %[[E3:[0-9]+]] = icmp eq i32 %lane, 3
; CHECK-NEXT: %[[S3:[0-9]+]] = select i1 %[[E3]], float 1.000000e+00, float %n.i3
; The store of four lanes: one rawBufferStore of the four.
; CHECK-NEXT: call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 0, float %[[S0]], float %{{[0-9]+}}, float %{{[0-9]+}}, float %[[S3]], i8 15, i32 4)
; CHECK-NOT: insertelement
; CHECK-NOT: extractelement
; CHECK-NOT: shufflevector
; CHECK-NOT: freeze
; CHECK-NOT: x float>
; CHECK-NOT: x i32>
define void @main() local_unnamed_addr #0 {
entry:
  %out = tail call target("dx.RawBuffer", <4 x float>, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_v4f32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str)
  %in = tail call target("dx.RawBuffer", <4 x i32>, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_v4i32_0_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str.2)
  %gi = tail call i32 @llvm.dx.flattened.thread.id.in.group()
  %pv = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_v4i32_0_0t(target("dx.RawBuffer", <4 x i32>, 0, 0) %in, i32 %gi)
  %v = load <4 x i32>, ptr %pv, align 16
  %fr = freeze <4 x i32> %v
  %sw = shufflevector <4 x i32> %fr, <4 x i32> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %f = sitofp <4 x i32> %sw to <4 x float>
  %n = fneg fast <4 x float> %f
  %lane = and i32 %gi, 3
  %ins = insertelement <4 x float> %n, float 1.0, i32 %lane
  %po = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_v4f32_1_0t(target("dx.RawBuffer", <4 x float>, 1, 0) %out, i32 %gi)
  store <4 x float> %ins, ptr %po, align 16
  ret void
}

declare i32 @llvm.dx.flattened.thread.id.in.group()
declare target("dx.RawBuffer", <4 x float>, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_v4f32_1_0t(i32, i32, i32, i32, ptr)
declare target("dx.RawBuffer", <4 x i32>, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_v4i32_0_0t(i32, i32, i32, i32, ptr)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_v4i32_0_0t(target("dx.RawBuffer", <4 x i32>, 0, 0), i32)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_v4f32_1_0t(target("dx.RawBuffer", <4 x float>, 1, 0), i32)

attributes #0 = { "hlsl.numthreads"="32,1,1" "hlsl.shader"="compute" }
