; Raw-buffer elements wider than 4 lanes (legalize/legal_raw_split.c):
; clang 22 reads and writes a structured buffer's matrix, array or struct
; element whole (<12 x float> for a float3x4). Before DXIL 1.9 a raw-buffer
; op moves at most 4 lanes, so the access becomes DXC's consecutive
; rawBufferLoad/Store of 4 lanes at the byte offset of each piece (a
; byte-address buffer moves its index instead); instcombine's <128 x i1>
; view of four words reads bit (lane % 32) of word (lane / 32).
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil

; CHECK-LABEL: define void @main()
; The float3x4 in three pieces, at offsets 0, 16 and 32 of element %id.
; CHECK: @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %[[IN:[0-9]+]], i32 %[[ID:[0-9]+]], i32 0, i8 15, i32 4)
; CHECK: @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %[[IN]], i32 %[[ID]], i32 16, i8 15, i32 4)
; CHECK: @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %[[IN]], i32 %[[ID]], i32 32, i8 15, i32 4)
; Six lanes stored as 4 + 2.
; CHECK: @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %{{[0-9]+}}, i32 %[[ID]], i32 0, float %{{[0-9]+}}, float %{{[0-9]+}}, float %{{[0-9]+}}, float %{{[0-9]+}}, i8 15, i32 4)
; CHECK: @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %{{[0-9]+}}, i32 %[[ID]], i32 16, float %{{[0-9]+}}, float %{{[0-9]+}}, float undef, float undef, i8 3, i32 4)
; A byte-address buffer: the address moves, the offset stays undef.
; CHECK: @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle %[[B:[0-9]+]], i32 %at, i32 undef, i8 15, i32 4)
; CHECK: %[[AT16:[0-9]+]] = add i32 %at, 16
; CHECK-NEXT: @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle %[[B]], i32 %[[AT16]], i32 undef, i8 15, i32 4)
; CHECK: @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %[[B]], i32 %at, i32 undef, i32 %w2.i0, i32 %w2.i1, i32 %w2.i2, i32 %w2.i3, i8 15, i32 4)
; CHECK: %[[AT16B:[0-9]+]] = add i32 %at, 16
; CHECK-NEXT: @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %[[B]], i32 %[[AT16B]], i32 undef, i32 %w2.i4, i32 %w2.i5, i32 %w2.i6, i32 %w2.i7, i8 15, i32 4)
; Bits 96 and 33: word 3's bit 0, word 1's bit 1.
; CHECK: %[[F:[0-9]+]] = call %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle %{{[0-9]+}}, i32 %[[ID]], i32 0, i8 15, i32 4)
; CHECK-DAG: %[[W1:[0-9]+]] = extractvalue %dx.types.ResRet.i32 %[[F]], 1
; CHECK-DAG: %[[W3:[0-9]+]] = extractvalue %dx.types.ResRet.i32 %[[F]], 3
; CHECK-DAG: %b96 = trunc i32 %[[W3]] to i1
; CHECK-DAG: %[[S:[0-9]+]] = lshr i32 %[[W1]], 1
; CHECK-DAG: %b33 = trunc i32 %[[S]] to i1
; CHECK-NOT: <{{[0-9]+}} x
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

@.s0 = private unnamed_addr constant [3 x i8] c"In\00", align 1
@.s1 = private unnamed_addr constant [4 x i8] c"Out\00", align 1
@.s2 = private unnamed_addr constant [6 x i8] c"Bytes\00", align 1
@.s3 = private unnamed_addr constant [6 x i8] c"Flags\00", align 1

define void @main() local_unnamed_addr #0 {
entry:
  %in = tail call target("dx.RawBuffer", [12 x float], 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_a12f32_0_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.s0)
  %out = tail call target("dx.RawBuffer", [6 x float], 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_a6f32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.s1)
  %bytes = tail call target("dx.RawBuffer", i8, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_1_0t(i32 0, i32 1, i32 1, i32 0, ptr nonnull @.s2)
  %flags = tail call target("dx.RawBuffer", <4 x i32>, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_v4i32_0_0t(i32 0, i32 1, i32 1, i32 0, ptr nonnull @.s3)
  %id = tail call i32 @llvm.dx.thread.id(i32 0)
  ; a float3x4 read whole, its last row's lanes summed into a float3x2
  %pin = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_a12f32_0_0t(target("dx.RawBuffer", [12 x float], 0, 0) %in, i32 %id)
  %m = load <12 x float>, ptr %pin, align 4
  %m6 = shufflevector <12 x float> %m, <12 x float> poison, <6 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 11>
  %pout = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_a6f32_1_0t(target("dx.RawBuffer", [6 x float], 1, 0) %out, i32 %id)
  store <6 x float> %m6, ptr %pout, align 4
  ; eight words of a byte-address buffer at 32 * id
  %at = shl i32 %id, 5
  %pb = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i8_1_0t(target("dx.RawBuffer", i8, 1, 0) %bytes, i32 %at)
  %w = load <8 x i32>, ptr %pb, align 4
  %w2 = add <8 x i32> %w, splat (i32 1)
  store <8 x i32> %w2, ptr %pb, align 4
  ; instcombine's bit of a word: lane 96 of <128 x i1> is bit 0 of word 3
  %pf = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_v4i32_0_0t(target("dx.RawBuffer", <4 x i32>, 0, 0) %flags, i32 %id)
  %bits = load <128 x i1>, ptr %pf, align 16
  %b96 = extractelement <128 x i1> %bits, i64 96
  %b33 = extractelement <128 x i1> %bits, i64 33
  %b = and i1 %b96, %b33
  %bw = zext i1 %b to i32
  %pz = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i8_1_0t(target("dx.RawBuffer", i8, 1, 0) %bytes, i32 0)
  store i32 %bw, ptr %pz, align 4
  ret void
}

declare target("dx.RawBuffer", [12 x float], 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_a12f32_0_0t(i32, i32, i32, i32, ptr)
declare target("dx.RawBuffer", [6 x float], 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_a6f32_1_0t(i32, i32, i32, i32, ptr)
declare target("dx.RawBuffer", i8, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_1_0t(i32, i32, i32, i32, ptr)
declare target("dx.RawBuffer", <4 x i32>, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_v4i32_0_0t(i32, i32, i32, i32, ptr)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_a12f32_0_0t(target("dx.RawBuffer", [12 x float], 0, 0), i32)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_a6f32_1_0t(target("dx.RawBuffer", [6 x float], 1, 0), i32)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i8_1_0t(target("dx.RawBuffer", i8, 1, 0), i32)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_v4i32_0_0t(target("dx.RawBuffer", <4 x i32>, 0, 0), i32)
declare i32 @llvm.dx.thread.id(i32)

attributes #0 = { "hlsl.numthreads"="8,1,1" "hlsl.shader"="compute" }
