; Vector reductions (legalize/legal_reduce.c, called by the intrinsic
; expansion): LLVM 22's SLP and loop vectorizers turn a sum of lanes into
; llvm.vector.reduce.*, which DXIL has no op for (DXC: "External function
; 'llvm.vector.reduce.fadd.v4f32' is not a DXIL function"). Each becomes
; the lanes combined in order, lane 0 first: fadd from its start value
; (left out when it is -0.0, the identity), the call's fast-math flags on
; each step; smax/umin with the scalar intrinsic the table maps (IMax,
; UMin); mul and xor with the instruction. SM 6.9 keeps its vectors, so
; the reductions are the intrinsic expansion's alone there: the lanes
; extracted from the vector.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil
; RUN: sed 's/dxilv1.3-pc-shadermodel6.3/dxilv1.9-pc-shadermodel6.9/' %s > %t.69.in.ll
; RUN: %dxil-lower %t.69.in.ll -o %t.69.ll
; RUN: %FileCheck %s --check-prefix=V69 < %t.69.ll
; RUN: %dxil-lower %t.69.in.ll -o %t.69.dxil
; RUN: %dxil-upgrade --check %t.69.dxil
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-compute"

@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1
@.str.2 = private unnamed_addr constant [3 x i8] c"In\00", align 1

; CHECK-LABEL: define void @main()
; fadd from -0.0: three adds, lane 0 first.
; CHECK: %[[F01:[0-9]+]] = fadd reassoc nsz float %fv.i0, %fv.i1
; CHECK-NEXT: %[[F012:[0-9]+]] = fadd reassoc nsz float %[[F01]], %fv.i2
; CHECK-NEXT: %fsum = fadd reassoc nsz float %[[F012]], %fv.i3
; smax: IMax of the lanes in order.
; CHECK: %[[A0:[0-9]+]] = extractvalue %dx.types.ResRet.i32 %[[R:[0-9]+]], 0
; CHECK-NEXT: %[[A1:[0-9]+]] = extractvalue %dx.types.ResRet.i32 %[[R]], 1
; CHECK-NEXT: %[[A2:[0-9]+]] = extractvalue %dx.types.ResRet.i32 %[[R]], 2
; CHECK-NEXT: %[[A3:[0-9]+]] = extractvalue %dx.types.ResRet.i32 %[[R]], 3
; CHECK-NEXT: %[[M1:[0-9]+]] = call i32 @dx.op.binary.i32(i32 37, i32 %[[A0]], i32 %[[A1]])
; CHECK-NEXT: %[[M2:[0-9]+]] = call i32 @dx.op.binary.i32(i32 37, i32 %[[M1]], i32 %[[A2]])
; CHECK-NEXT: %{{[0-9]+}} = call i32 @dx.op.binary.i32(i32 37, i32 %[[M2]], i32 %[[A3]])
; umin: UMin.
; CHECK: call i32 @dx.op.binary.i32(i32 40,
; CHECK: call i32 @dx.op.binary.i32(i32 40,
; CHECK: call i32 @dx.op.binary.i32(i32 40,
; mul and xor: the instructions.
; CHECK: %[[P1:[0-9]+]] = mul i32 %{{[0-9]+}}, %{{[0-9]+}}
; CHECK-NEXT: %[[P2:[0-9]+]] = mul i32 %[[P1]], %{{[0-9]+}}
; CHECK-NEXT: %pr = mul i32 %[[P2]], %{{[0-9]+}}
; CHECK: %[[X1:[0-9]+]] = xor i32 %{{[0-9]+}}, %{{[0-9]+}}
; CHECK-NEXT: %[[X2:[0-9]+]] = xor i32 %[[X1]], %{{[0-9]+}}
; CHECK-NEXT: %xr = xor i32 %[[X2]], %{{[0-9]+}}
; CHECK-NOT: @llvm.vector.reduce
; V69: %fv = uitofp <4 x i32> %{{[0-9]+}} to <4 x float>
; V69-NEXT: %[[E0:[0-9]+]] = extractelement <4 x float> %fv, i32 0
; V69-NEXT: %[[E1:[0-9]+]] = extractelement <4 x float> %fv, i32 1
; V69: %[[S1:[0-9]+]] = fadd reassoc nsz float %[[E0]], %[[E1]]
; V69: %[[M1:[0-9]+]] = call i32 @dx.op.binary.i32(i32 37,
; V69-NOT: @llvm.vector.reduce
; CHECK-NOT: x i32>
; CHECK-NOT: x float>
define void @main() local_unnamed_addr #0 {
entry:
  %out = tail call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str)
  %in = tail call target("dx.RawBuffer", <4 x i32>, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_v4i32_0_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str.2)
  %gi = tail call i32 @llvm.dx.flattened.thread.id.in.group()
  %pv = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_v4i32_0_0t(target("dx.RawBuffer", <4 x i32>, 0, 0) %in, i32 %gi)
  %v = load <4 x i32>, ptr %pv, align 16
  %fv = uitofp <4 x i32> %v to <4 x float>
  %fsum = tail call reassoc nsz float @llvm.vector.reduce.fadd.v4f32(float -0.0, <4 x float> %fv)
  %mx = tail call i32 @llvm.vector.reduce.smax.v4i32(<4 x i32> %v)
  %mn = tail call i32 @llvm.vector.reduce.umin.v4i32(<4 x i32> %v)
  %pr = tail call i32 @llvm.vector.reduce.mul.v4i32(<4 x i32> %v)
  %xr = tail call i32 @llvm.vector.reduce.xor.v4i32(<4 x i32> %v)
  %fi = fptoui float %fsum to i32
  %a = add i32 %fi, %mx
  %b = add i32 %a, %mn
  %c = add i32 %b, %pr
  %d = add i32 %c, %xr
  %po = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0) %out, i32 %gi)
  store i32 %d, ptr %po, align 4
  ret void
}

declare i32 @llvm.dx.flattened.thread.id.in.group()
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare target("dx.RawBuffer", <4 x i32>, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_v4i32_0_0t(i32, i32, i32, i32, ptr)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_v4i32_0_0t(target("dx.RawBuffer", <4 x i32>, 0, 0), i32)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0), i32)
declare float @llvm.vector.reduce.fadd.v4f32(float, <4 x float>)
declare i32 @llvm.vector.reduce.smax.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.umin.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.mul.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.xor.v4i32(<4 x i32>)

attributes #0 = { "hlsl.numthreads"="32,1,1" "hlsl.shader"="compute" }
