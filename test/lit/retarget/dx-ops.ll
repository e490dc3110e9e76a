; The dx-ops pass: dx.op calls the raise keeps (LLVM 22 has no intrinsic
; for them) that have an exact form here: Bfi, Pack4x8, Unpack4x8 and
; Msad and LegacyF32ToF16 in plain IR (shifts, masks, clamps, byte
; differences; fptrunc to half),
; WaveReadLaneFirst as a read at the lowest lane of ballot(true), and
; WaveActiveAllEqual as all(x == that first value).
; RUN: %dxil-upgrade --x-retarget=vulkan %s -o - | %FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

%dx.types.fouri32 = type { i32, i32, i32, i32 }

@Out.name = private unnamed_addr constant [4 x i8] c"Out\00"

define void @main() #0 {
  %out = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr @Out.name)
  %t = call i32 @llvm.dx.thread.id(i32 0)
; Bfi(8, 4, t, 0xffffffff): t << 4 within mask ((1 << 8) - 1) << 4 = 0xff0,
; the rest of 0xffffffff kept (the constants fold).
; CHECK: [[SH:%[0-9]+]] = shl i32 %t, 4
; CHECK: [[IN:%[0-9]+]] = and i32 [[SH]], 4080
; CHECK: or i32 [[IN]], -4081
  %bfi = call i32 @dx.op.quaternary.i32(i32 53, i32 8, i32 4, i32 %t, i32 -1)
; pack_clamp_s8: each lane clamped to [-128, 127], then its low byte.
; CHECK: icmp slt i32 %{{[0-9a-z]+}}, -128
; CHECK: icmp sgt i32 %{{[0-9]+}}, 127
  %neg = sub i32 0, %t
  %big = mul i32 %t, 100
  %pk = call i32 @dx.op.pack4x8.i32(i32 220, i8 2, i32 %neg, i32 %big, i32 -300, i32 5)
; unpack_s8s32: sign-extended bytes, in i32 throughout.
; CHECK: shl i32 %pk, 16
; CHECK: ashr i32 %{{[0-9]+}}, 24
  %up = call %dx.types.fouri32 @dx.op.unpack4x8.i32(i32 219, i8 1, i32 %pk)
  %up1 = extractvalue %dx.types.fouri32 %up, 1
; Msad(0xA100B2C3, 0xD7B0C372, t): |D7-A1| + (masked: ref byte 0) +
; |C3-B2| + |72-C3| + t, byte by byte (the constants fold).
; CHECK: [[B0:%[0-9]+]] = add i32 %t, 81
; CHECK-NEXT: [[B1:%[0-9]+]] = add i32 [[B0]], 17
; CHECK-NEXT: [[B2:%[0-9]+]] = add i32 [[B1]], 0
; CHECK-NEXT: %msad = add i32 [[B2]], 54
  %msad = call i32 @dx.op.tertiary.i32(i32 50, i32 -1593789757, i32 -676281486, i32 %t)
; f32tof16(1.5).
; CHECK: fptrunc float %tf to half
  %tf = uitofp i32 %t to float
  %h = call i32 @dx.op.legacyF32ToF16(i32 130, float %tf)
; WaveReadLaneFirst: the lane is the first set bit of ballot(true).
; CHECK: [[B:%[0-9]+]] = call <4 x i32> @llvm.spv.wave.ballot(i1 true)
; CHECK: call i32 @llvm.spv.firstbitlow.i32(
; CHECK: call i32 @llvm.spv.wave.readlane.i32(i32 %big, i32
  %first = call i32 @dx.op.waveReadLaneFirst.i32(i32 118, i32 %big)
; WaveActiveAllEqual.
; CHECK: [[EQ:%[0-9]+]] = icmp eq i32 %t, %{{[0-9]+}}
; CHECK: call i1 @llvm.spv.wave.all(i1 [[EQ]])
  %alleq = call i1 @dx.op.waveActiveAllEqual.i32(i32 115, i32 %t)
; CHECK-NOT: dx.op
  %ae0 = zext i1 %alleq to i32
  %ae = add i32 %ae0, %msad
  %a0 = mul i32 %t, 6
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %a0, i32 0, i32 %bfi)
  %a1 = add i32 %a0, 1
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %a1, i32 0, i32 %pk)
  %a2 = add i32 %a0, 2
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %a2, i32 0, i32 %up1)
  %a3 = add i32 %a0, 3
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %a3, i32 0, i32 %h)
  %a4 = add i32 %a0, 4
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %a4, i32 0, i32 %first)
  %a5 = add i32 %a0, 5
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %a5, i32 0, i32 %ae)
  ret void
}

declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0), i32, i32, i32)
declare i32 @llvm.dx.thread.id(i32)
declare i32 @dx.op.quaternary.i32(i32, i32, i32, i32, i32)
declare i32 @dx.op.tertiary.i32(i32, i32, i32, i32)
declare i32 @dx.op.pack4x8.i32(i32, i8, i32, i32, i32, i32)
declare %dx.types.fouri32 @dx.op.unpack4x8.i32(i32, i8, i32)
declare i32 @dx.op.legacyF32ToF16(i32, float)
declare i32 @dx.op.waveReadLaneFirst.i32(i32, i32)
declare i1 @dx.op.waveActiveAllEqual.i32(i32, i32)

attributes #0 = { "hlsl.numthreads"="4,1,1" "hlsl.shader"="compute" }
