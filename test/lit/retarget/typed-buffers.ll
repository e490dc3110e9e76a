; The typed-buffers pass: Buffer<T> becomes a uniform texel buffer
; (spirv.Image, Dim Buffer, sampled) without a format, RWBuffer<T> a storage
; texel buffer with T's Vulkan image format (RGBA32f, R32ui, R32i, ...), and
; their loads and stores llvm.spv.resource.load/store.typedbuffer. A scalar
; store writes a four-lane texel (the format keeps the first lane).
; RUN: %dxil-upgrade --x-retarget=vulkan --x-vk-shift=u,8,all %s -o - | %FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

@In.name = private unnamed_addr constant [3 x i8] c"In\00"
@In3.name = private unnamed_addr constant [4 x i8] c"In3\00"
@Acc.name = private unnamed_addr constant [4 x i8] c"Acc\00"
@Cnt.name = private unnamed_addr constant [4 x i8] c"Cnt\00"
@Neg.name = private unnamed_addr constant [4 x i8] c"Neg\00"

; CHECK-DAG: call target("spirv.Image", float, 5, 2, 0, 0, 1, 0) @llvm.spv.resource.handlefrombinding.tspirv.Image_f32_5_2_0_0_1_0t(i32 0, i32 0, i32 1, i32 0, ptr @.rt.In)
; CHECK-DAG: call target("spirv.Image", float, 5, 2, 0, 0, 1, 0) @llvm.spv.resource.handlefrombinding.tspirv.Image_f32_5_2_0_0_1_0t(i32 0, i32 1, i32 1, i32 0, ptr @.rt.In3)
; CHECK-DAG: call target("spirv.Image", float, 5, 2, 0, 0, 2, 1) @llvm.spv.resource.handlefrombinding.tspirv.Image_f32_5_2_0_0_2_1t(i32 0, i32 8, i32 1, i32 0, ptr @.rt.Acc)
; CHECK-DAG: call target("spirv.Image", i32, 5, 2, 0, 0, 2, 33) @llvm.spv.resource.handlefrombinding.tspirv.Image_i32_5_2_0_0_2_33t(i32 0, i32 9, i32 1, i32 0, ptr @.rt.Cnt)
; CHECK-DAG: call target("spirv.SignedImage", i32, 5, 2, 0, 0, 2, 24) @llvm.spv.resource.handlefrombinding.tspirv.SignedImage_i32_5_2_0_0_2_24t(i32 0, i32 10, i32 1, i32 0, ptr @.rt.Neg)
define void @main() #0 {
  %in = call target("dx.TypedBuffer", <4 x float>, 0, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_v4f32_0_0_0t(i32 0, i32 0, i32 1, i32 0, ptr @In.name)
  %in3 = call target("dx.TypedBuffer", <3 x float>, 0, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_v3f32_0_0_0t(i32 0, i32 1, i32 1, i32 0, ptr @In3.name)
  %acc = call target("dx.TypedBuffer", <4 x float>, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_v4f32_1_0_0t(i32 0, i32 0, i32 1, i32 0, ptr @Acc.name)
  %cnt = call target("dx.TypedBuffer", i32, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_i32_1_0_0t(i32 0, i32 1, i32 1, i32 0, ptr @Cnt.name)
  %neg = call target("dx.TypedBuffer", i32, 1, 0, 1) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_i32_1_0_1t(i32 0, i32 2, i32 1, i32 0, ptr @Neg.name)
  %i = call i32 @llvm.dx.thread.id(i32 0)
; CHECK: call <4 x float> @llvm.spv.resource.load.typedbuffer.v4f32.tspirv.Image_f32_5_2_0_0_1_0t(
  %l = call { <4 x float>, i1 } @llvm.dx.resource.load.typedbuffer.v4f32.tdx.TypedBuffer_v4f32_0_0_0t(target("dx.TypedBuffer", <4 x float>, 0, 0, 0) %in, i32 %i)
  %v = extractvalue { <4 x float>, i1 } %l, 0
; CHECK: call <3 x float> @llvm.spv.resource.load.typedbuffer.v3f32.tspirv.Image_f32_5_2_0_0_1_0t(
  %l3 = call { <3 x float>, i1 } @llvm.dx.resource.load.typedbuffer.v3f32.tdx.TypedBuffer_v3f32_0_0_0t(target("dx.TypedBuffer", <3 x float>, 0, 0, 0) %in3, i32 %i)
  %v3 = extractvalue { <3 x float>, i1 } %l3, 0
; CHECK: call <4 x float> @llvm.spv.resource.load.typedbuffer.v4f32.tspirv.Image_f32_5_2_0_0_2_1t(
  %la = call { <4 x float>, i1 } @llvm.dx.resource.load.typedbuffer.v4f32.tdx.TypedBuffer_v4f32_1_0_0t(target("dx.TypedBuffer", <4 x float>, 1, 0, 0) %acc, i32 %i)
  %a = extractvalue { <4 x float>, i1 } %la, 0
  %s = fadd <4 x float> %a, %v
  %z = extractelement <3 x float> %v3, i32 2
  %zz = insertelement <4 x float> %s, float %z, i32 3
; CHECK: call void @llvm.spv.resource.store.typedbuffer.tspirv.Image_f32_5_2_0_0_2_1t.v4f32(
  call void @llvm.dx.resource.store.typedbuffer.tdx.TypedBuffer_v4f32_1_0_0t.v4f32(target("dx.TypedBuffer", <4 x float>, 1, 0, 0) %acc, i32 %i, <4 x float> %zz)
; CHECK: [[SPLAT:%[0-9]+]] = shufflevector <4 x i32> %{{[0-9]+}}, <4 x i32> poison, <4 x i32> zeroinitializer
; CHECK: call void @llvm.spv.resource.store.typedbuffer.tspirv.Image_i32_5_2_0_0_2_33t.v4i32(target("spirv.Image", i32, 5, 2, 0, 0, 2, 33) %{{[0-9]+}}, i32 %{{[a-z0-9]+}}, <4 x i32> [[SPLAT]])
  %j = mul i32 %i, 3
  call void @llvm.dx.resource.store.typedbuffer.tdx.TypedBuffer_i32_1_0_0t.i32(target("dx.TypedBuffer", i32, 1, 0, 0) %cnt, i32 %i, i32 %j)
  %n = sub i32 0, %i
  call void @llvm.dx.resource.store.typedbuffer.tdx.TypedBuffer_i32_1_0_1t.i32(target("dx.TypedBuffer", i32, 1, 0, 1) %neg, i32 %i, i32 %n)
  ret void
}
; CHECK-NOT: dx.TypedBuffer

declare target("dx.TypedBuffer", <4 x float>, 0, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_v4f32_0_0_0t(i32, i32, i32, i32, ptr)
declare target("dx.TypedBuffer", <3 x float>, 0, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_v3f32_0_0_0t(i32, i32, i32, i32, ptr)
declare target("dx.TypedBuffer", <4 x float>, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_v4f32_1_0_0t(i32, i32, i32, i32, ptr)
declare target("dx.TypedBuffer", i32, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_i32_1_0_0t(i32, i32, i32, i32, ptr)
declare target("dx.TypedBuffer", i32, 1, 0, 1) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_i32_1_0_1t(i32, i32, i32, i32, ptr)
declare { <4 x float>, i1 } @llvm.dx.resource.load.typedbuffer.v4f32.tdx.TypedBuffer_v4f32_0_0_0t(target("dx.TypedBuffer", <4 x float>, 0, 0, 0), i32)
declare { <3 x float>, i1 } @llvm.dx.resource.load.typedbuffer.v3f32.tdx.TypedBuffer_v3f32_0_0_0t(target("dx.TypedBuffer", <3 x float>, 0, 0, 0), i32)
declare { <4 x float>, i1 } @llvm.dx.resource.load.typedbuffer.v4f32.tdx.TypedBuffer_v4f32_1_0_0t(target("dx.TypedBuffer", <4 x float>, 1, 0, 0), i32)
declare void @llvm.dx.resource.store.typedbuffer.tdx.TypedBuffer_v4f32_1_0_0t.v4f32(target("dx.TypedBuffer", <4 x float>, 1, 0, 0), i32, <4 x float>)
declare void @llvm.dx.resource.store.typedbuffer.tdx.TypedBuffer_i32_1_0_0t.i32(target("dx.TypedBuffer", i32, 1, 0, 0), i32, i32)
declare void @llvm.dx.resource.store.typedbuffer.tdx.TypedBuffer_i32_1_0_1t.i32(target("dx.TypedBuffer", i32, 1, 0, 1), i32, i32)
declare i32 @llvm.dx.thread.id(i32)

attributes #0 = { "hlsl.numthreads"="4,1,1" "hlsl.shader"="compute" }
