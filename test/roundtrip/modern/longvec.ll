; SM 6.9 long vectors: raw-buffer loads and stores of more than 4 lanes
; (and of vectors at all) use RawBufferVectorLoad/Store at DXIL 1.9.
target triple = "dxilv1.9-pc-shadermodel6.9-compute"

@In.str = private unnamed_addr constant [3 x i8] c"In\00", align 1
@Out.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1

define void @main() #0 {
entry:
  %in = call target("dx.RawBuffer", i8, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_0_0t(i32 0, i32 0, i32 1, i32 0, ptr @In.str)
  %out = call target("dx.RawBuffer", <8 x float>, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_v8f32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr @Out.str)
  %tid = call i32 @llvm.dx.thread.id(i32 0)
  %ld = call { <8 x float>, i1 } @llvm.dx.resource.load.rawbuffer.v8f32.tdx.RawBuffer_i8_0_0t(target("dx.RawBuffer", i8, 0, 0) %in, i32 %tid, i32 poison)
  %v = extractvalue { <8 x float>, i1 } %ld, 0
  %ok = extractvalue { <8 x float>, i1 } %ld, 1
  %h = call { <3 x half>, i1 } @llvm.dx.resource.load.rawbuffer.v3f16.tdx.RawBuffer_i8_0_0t(target("dx.RawBuffer", i8, 0, 0) %in, i32 %tid, i32 poison)
  %hv = extractvalue { <3 x half>, i1 } %h, 0
  %h0 = extractelement <3 x half> %hv, i32 0
  %hf = fpext half %h0 to float
  %s = call <8 x float> @llvm.sqrt.v8f32(<8 x float> %v)
  %hs = insertelement <8 x float> poison, float %hf, i32 0
  %sp = shufflevector <8 x float> %hs, <8 x float> poison, <8 x i32> zeroinitializer
  %sum = fadd <8 x float> %s, %sp
  %r = select i1 %ok, <8 x float> %sum, <8 x float> %v
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_v8f32_1_0t.v8f32(target("dx.RawBuffer", <8 x float>, 1, 0) %out, i32 %tid, i32 0, <8 x float> %r)
  ret void
}

declare i32 @llvm.dx.thread.id(i32)
declare <8 x float> @llvm.sqrt.v8f32(<8 x float>)
declare target("dx.RawBuffer", i8, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_0_0t(i32, i32, i32, i32, ptr)
declare target("dx.RawBuffer", <8 x float>, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_v8f32_1_0t(i32, i32, i32, i32, ptr)
declare { <8 x float>, i1 } @llvm.dx.resource.load.rawbuffer.v8f32.tdx.RawBuffer_i8_0_0t(target("dx.RawBuffer", i8, 0, 0), i32, i32)
declare { <3 x half>, i1 } @llvm.dx.resource.load.rawbuffer.v3f16.tdx.RawBuffer_i8_0_0t(target("dx.RawBuffer", i8, 0, 0), i32, i32)
declare void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_v8f32_1_0t.v8f32(target("dx.RawBuffer", <8 x float>, 1, 0), i32, i32, <8 x float>)

attributes #0 = { "hlsl.numthreads"="64,1,1" "hlsl.shader"="compute" }
