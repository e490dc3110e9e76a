; Typed, raw and structured buffers: loads with the check bit, stores,
; the counter and dimensions.
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

@In.str = private unnamed_addr constant [3 x i8] c"In\00", align 1
@Out.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1
@SB.str = private unnamed_addr constant [3 x i8] c"SB\00", align 1
@BA.str = private unnamed_addr constant [3 x i8] c"BA\00", align 1

define void @main() #0 {
entry:
  %in = call target("dx.TypedBuffer", <4 x float>, 0, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_v4f32_0_0_0t(i32 0, i32 1, i32 1, i32 0, ptr @In.str)
  %out = call target("dx.TypedBuffer", <4 x float>, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_v4f32_1_0_0t(i32 0, i32 0, i32 1, i32 0, ptr @Out.str)
  %sb = call target("dx.RawBuffer", <2 x float>, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_v2f32_1_0t(i32 0, i32 2, i32 1, i32 0, ptr @SB.str)
  %ba = call target("dx.RawBuffer", i8, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_0_0t(i32 0, i32 3, i32 1, i32 0, ptr @BA.str)
  %tid = call i32 @llvm.dx.thread.id(i32 0)
  %ld = call { <4 x float>, i1 } @llvm.dx.resource.load.typedbuffer.v4f32.tdx.TypedBuffer_v4f32_0_0_0t(target("dx.TypedBuffer", <4 x float>, 0, 0, 0) %in, i32 %tid)
  %v = extractvalue { <4 x float>, i1 } %ld, 0
  %ok = extractvalue { <4 x float>, i1 } %ld, 1
  %x = extractelement <4 x float> %v, i32 0
  %w = extractelement <4 x float> %v, i32 3
  %sld = call { <2 x float>, i1 } @llvm.dx.resource.load.rawbuffer.v2f32.tdx.RawBuffer_v2f32_1_0t(target("dx.RawBuffer", <2 x float>, 1, 0) %sb, i32 %tid, i32 0)
  %sv = extractvalue { <2 x float>, i1 } %sld, 0
  %sy = extractelement <2 x float> %sv, i32 1
  %bld = call { i32, i1 } @llvm.dx.resource.load.rawbuffer.i32.tdx.RawBuffer_i8_0_0t(target("dx.RawBuffer", i8, 0, 0) %ba, i32 %tid, i32 poison)
  %bv = extractvalue { i32, i1 } %bld, 0
  %bf = uitofp i32 %bv to float
  %sum = fadd float %x, %sy
  %sum2 = fadd float %sum, %bf
  %sel = select i1 %ok, float %sum2, float %w
  %vec0 = insertelement <4 x float> poison, float %sel, i32 0
  %vec1 = insertelement <4 x float> %vec0, float %x, i32 1
  %vec2 = insertelement <4 x float> %vec1, float %w, i32 2
  %vec3 = insertelement <4 x float> %vec2, float %sy, i32 3
  call void @llvm.dx.resource.store.typedbuffer.tdx.TypedBuffer_v4f32_1_0_0t.v4f32(target("dx.TypedBuffer", <4 x float>, 1, 0, 0) %out, i32 %tid, <4 x float> %vec3)
  %cnt = call i32 @llvm.dx.resource.updatecounter.tdx.RawBuffer_v2f32_1_0t(target("dx.RawBuffer", <2 x float>, 1, 0) %sb, i8 1)
  %dim = call i32 @llvm.dx.resource.getdimensions.x.tdx.RawBuffer_v2f32_1_0t(target("dx.RawBuffer", <2 x float>, 1, 0) %sb)
  %n = add i32 %cnt, %dim
  %nf = uitofp i32 %n to float
  %sv0 = insertelement <2 x float> poison, float %nf, i32 0
  %sv1 = insertelement <2 x float> %sv0, float %x, i32 1
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_v2f32_1_0t.v2f32(target("dx.RawBuffer", <2 x float>, 1, 0) %sb, i32 %n, i32 0, <2 x float> %sv1)
  ret void
}

declare i32 @llvm.dx.thread.id(i32)
declare target("dx.TypedBuffer", <4 x float>, 0, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_v4f32_0_0_0t(i32, i32, i32, i32, ptr)
declare target("dx.TypedBuffer", <4 x float>, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_v4f32_1_0_0t(i32, i32, i32, i32, ptr)
declare target("dx.RawBuffer", <2 x float>, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_v2f32_1_0t(i32, i32, i32, i32, ptr)
declare target("dx.RawBuffer", i8, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_0_0t(i32, i32, i32, i32, ptr)
declare { <4 x float>, i1 } @llvm.dx.resource.load.typedbuffer.v4f32.tdx.TypedBuffer_v4f32_0_0_0t(target("dx.TypedBuffer", <4 x float>, 0, 0, 0), i32)
declare { <2 x float>, i1 } @llvm.dx.resource.load.rawbuffer.v2f32.tdx.RawBuffer_v2f32_1_0t(target("dx.RawBuffer", <2 x float>, 1, 0), i32, i32)
declare { i32, i1 } @llvm.dx.resource.load.rawbuffer.i32.tdx.RawBuffer_i8_0_0t(target("dx.RawBuffer", i8, 0, 0), i32, i32)
declare void @llvm.dx.resource.store.typedbuffer.tdx.TypedBuffer_v4f32_1_0_0t.v4f32(target("dx.TypedBuffer", <4 x float>, 1, 0, 0), i32, <4 x float>)
declare void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_v2f32_1_0t.v2f32(target("dx.RawBuffer", <2 x float>, 1, 0), i32, i32, <2 x float>)
declare i32 @llvm.dx.resource.updatecounter.tdx.RawBuffer_v2f32_1_0t(target("dx.RawBuffer", <2 x float>, 1, 0), i8)
declare i32 @llvm.dx.resource.getdimensions.x.tdx.RawBuffer_v2f32_1_0t(target("dx.RawBuffer", <2 x float>, 1, 0))

attributes #0 = { "hlsl.numthreads"="8,8,1" "hlsl.shader"="compute" }
