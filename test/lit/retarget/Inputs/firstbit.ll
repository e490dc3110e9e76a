; Thread t reads word t of In and stores, at word 3t of Out, DXIL's
; FirstbitHi, FirstbitSHi and FirstbitLo of it (llvm.dx.firstbituhigh,
; firstbitshigh, firstbitlow: the first two count from the top bit, as
; DXIL's ops do; HLSL's firstbithigh is 31 minus them, clang adds that).
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxilv1.0-pc-shadermodel6.0-compute"

@In.name = private unnamed_addr constant [3 x i8] c"In\00"
@Out.name = private unnamed_addr constant [4 x i8] c"Out\00"

define void @main() #0 {
entry:
  %in = call target("dx.RawBuffer", i8, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_0_0t(i32 0, i32 0, i32 1, i32 0, ptr @In.name)
  %out = call target("dx.RawBuffer", i8, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_1_0t(i32 0, i32 0, i32 1, i32 0, ptr @Out.name)
  %t = call i32 @llvm.dx.thread.id(i32 0)
  %a = shl i32 %t, 2
  %ld = call { i32, i1 } @llvm.dx.resource.load.rawbuffer.i32.tdx.RawBuffer_i8_0_0t(target("dx.RawBuffer", i8, 0, 0) %in, i32 %a, i32 poison)
  %x = extractvalue { i32, i1 } %ld, 0
  %hi = call i32 @llvm.dx.firstbituhigh.i32(i32 %x)
  %shi = call i32 @llvm.dx.firstbitshigh.i32(i32 %x)
  %lo = call i32 @llvm.dx.firstbitlow.i32(i32 %x)
  %o0 = mul i32 %t, 12
  %o1 = add i32 %o0, 4
  %o2 = add i32 %o0, 8
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i8_1_0t.i32(target("dx.RawBuffer", i8, 1, 0) %out, i32 %o0, i32 poison, i32 %hi)
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i8_1_0t.i32(target("dx.RawBuffer", i8, 1, 0) %out, i32 %o1, i32 poison, i32 %shi)
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i8_1_0t.i32(target("dx.RawBuffer", i8, 1, 0) %out, i32 %o2, i32 poison, i32 %lo)
  ret void
}

declare i32 @llvm.dx.thread.id(i32)
declare target("dx.RawBuffer", i8, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_0_0t(i32, i32, i32, i32, ptr)
declare target("dx.RawBuffer", i8, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_1_0t(i32, i32, i32, i32, ptr)
declare { i32, i1 } @llvm.dx.resource.load.rawbuffer.i32.tdx.RawBuffer_i8_0_0t(target("dx.RawBuffer", i8, 0, 0), i32, i32)
declare void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i8_1_0t.i32(target("dx.RawBuffer", i8, 1, 0), i32, i32, i32)
declare i32 @llvm.dx.firstbituhigh.i32(i32)
declare i32 @llvm.dx.firstbitshigh.i32(i32)
declare i32 @llvm.dx.firstbitlow.i32(i32)

attributes #0 = { "hlsl.numthreads"="8,1,1" "hlsl.shader"="compute" }
