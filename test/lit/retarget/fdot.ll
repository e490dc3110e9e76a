; The dx-ops pass's FDot (SM 6.9's dot of two vectors, dx.op.dot): clang's
; Vulkan form llvm.spv.fdot (OpDot) for the four lanes the backend takes,
; lane by lane products and sums for longer vectors.
; RUN: %dxil-upgrade --x-retarget=vulkan %s -o - | %FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxilv1.9-pc-shadermodel6.9-compute"

@Out.name = private unnamed_addr constant [4 x i8] c"Out\00"

define void @main() #0 {
  %out = call target("dx.RawBuffer", float, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_f32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr @Out.name)
  %t = call i32 @llvm.dx.thread.id(i32 0)
  %f = uitofp i32 %t to float
  %a0 = insertelement <2 x float> poison, float %f, i32 0
  %a = insertelement <2 x float> %a0, float 2.0, i32 1
  %b = fadd <2 x float> %a, <float 1.0, float 3.0>
; CHECK: %d = call float @llvm.spv.fdot.v2f32(<2 x float> %a, <2 x float> %b)
  %d = call float @dx.op.dot.v2f32(i32 311, <2 x float> %a, <2 x float> %b)
; CHECK-NOT: call {{.*}}@dx.op.dot
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_f32_1_0t.f32(target("dx.RawBuffer", float, 1, 0) %out, i32 %t, i32 0, float %d)
  ret void
}

declare i32 @llvm.dx.thread.id(i32)
declare float @dx.op.dot.v2f32(i32, <2 x float>, <2 x float>)
declare target("dx.RawBuffer", float, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_f32_1_0t(i32, i32, i32, i32, ptr)
declare void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_f32_1_0t.f32(target("dx.RawBuffer", float, 1, 0), i32, i32, float)

attributes #0 = { "hlsl.numthreads"="4,1,1" "hlsl.shader"="compute" }
