; Arrays of vectors flattened (lower_flatten_vector_arrays in
; lower_flatten_arrays.c): clang 22 keeps HLSL's `groupshared float4
; T[64]` as [64 x <4 x float>]; after the data scalarization has split the
; vector loads and stores into lanes, DXIL before SM 6.9 still refuses the
; vector element type (DXC: "Vector type is not allowed"), so the array
; becomes [256 x float] and each lane's access its flat index (element * 4
; + lane), as LLVM's DXILFlattenArrays does after DXILDataScalarization.
; SM 6.9 keeps the vectors.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil
; RUN: sed 's/dxilv1.3-pc-shadermodel6.3/dxilv1.9-pc-shadermodel6.9/' %s > %t.69.in.ll
; RUN: %dxil-lower %t.69.in.ll -o %t.69.ll
; RUN: %FileCheck %s --check-prefix=V69 < %t.69.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-compute"

@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1
@T = internal addrspace(3) global [64 x <4 x float>] undef, align 16

; CHECK: @T = internal addrspace(3) global [256 x float] undef, align 16
; CHECK-LABEL: define void @main()
; The store of lane 3 of T[gi]: index gi * 4 + 3.
; CHECK: %[[GI:[0-9]+]] = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
; CHECK: store float %v.i2,
; CHECK-NEXT: %[[B:[0-9]+]] = mul i32 %[[GI]], 4
; CHECK-NEXT: %[[I3:[0-9]+]] = add i32 %[[B]], 3
; CHECK-NEXT: %[[P3:[0-9]+]] = getelementptr inbounds [256 x float], ptr addrspace(3) @T, i32 0, i32 %[[I3]]
; CHECK-NEXT: store float %{{.*}}, ptr addrspace(3) %[[P3]]
; CHECK-NOT: x float>
; V69: @T = internal addrspace(3) global [64 x <4 x float>] undef, align 16
define void @main() local_unnamed_addr #0 {
entry:
  %out = tail call target("dx.RawBuffer", float, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_f32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str)
  %gi = tail call i32 @llvm.dx.flattened.thread.id.in.group()
  %f = uitofp i32 %gi to float
  %ins = insertelement <4 x float> poison, float %f, i64 0
  %splat = shufflevector <4 x float> %ins, <4 x float> poison, <4 x i32> zeroinitializer
  %v = fadd fast <4 x float> %splat, <float 0.0, float 1.0, float 2.0, float 3.0>
  %p = getelementptr inbounds nuw [64 x <4 x float>], ptr addrspace(3) @T, i32 0, i32 %gi
  store <4 x float> %v, ptr addrspace(3) %p, align 16
  tail call void @llvm.dx.group.memory.barrier.with.group.sync()
  %j = xor i32 %gi, 1
  %q = getelementptr inbounds nuw [64 x <4 x float>], ptr addrspace(3) @T, i32 0, i32 %j
  %w = load <4 x float>, ptr addrspace(3) %q, align 16
  %s = tail call fast float @llvm.vector.reduce.fadd.v4f32(float -0.0, <4 x float> %w)
  %po = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f32_1_0t(target("dx.RawBuffer", float, 1, 0) %out, i32 %gi)
  store float %s, ptr %po, align 4
  ret void
}

declare i32 @llvm.dx.flattened.thread.id.in.group()
declare void @llvm.dx.group.memory.barrier.with.group.sync()
declare float @llvm.vector.reduce.fadd.v4f32(float, <4 x float>)
declare target("dx.RawBuffer", float, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_f32_1_0t(i32, i32, i32, i32, ptr)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f32_1_0t(target("dx.RawBuffer", float, 1, 0), i32)

attributes #0 = { "hlsl.numthreads"="64,1,1" "hlsl.shader"="compute" }
