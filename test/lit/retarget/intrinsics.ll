; The intrinsics pass: llvm.dx.* calls become clang 22's Vulkan forms:
; llvm.spv.* twins with the same operands (thread ids, saturate, wave
; reductions, ...), plain IR where clang writes it out (mad, asdouble,
; splitdouble), llvm.spv.fdot for dot2/3/4, UnpackHalf2x16 for f16tof32,
; the SubgroupSize builtin for the lane count (LLVM 22's backend cannot
; select llvm.spv.wave.get.lane.count) and __hlsl_wave_get_lane_index.
; RUN: %dxil-upgrade --x-retarget=vulkan %s -o - | %FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

@Out.name = private unnamed_addr constant [4 x i8] c"Out\00"

define void @main() #0 {
  %out = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr @Out.name)
; CHECK: %t = call i32 @llvm.spv.thread.id.i32(i32 0)
; CHECK: %g = call i32 @llvm.spv.group.id.i32(i32 0)
; CHECK: %gi = call i32 @llvm.spv.flattened.thread.id.in.group()
  %t = call i32 @llvm.dx.thread.id(i32 0)
  %g = call i32 @llvm.dx.group.id(i32 0)
  %gi = call i32 @llvm.dx.flattened.thread.id.in.group()
; imad: a * b + c.
; CHECK: [[M:%[0-9]+]] = mul i32 %t, 3
; CHECK: %mad = add i32 [[M]], 7
  %mad = call i32 @llvm.dx.imad.i32(i32 %t, i32 3, i32 7)
; asdouble / splitdouble: the words of a double (the high one, a
; constant, shifted up already).
; CHECK: [[LO:%[0-9]+]] = zext i32 %t to i64
; CHECK: [[BITS:%[0-9]+]] = or i64 [[LO]], 4611686018427387904
; CHECK: %d = bitcast i64 [[BITS]] to double
; CHECK: [[DB:%[0-9]+]] = bitcast double %d to i64
; CHECK: lshr i64 [[DB]], 32
  %d = call double @llvm.dx.asdouble.i32(i32 %t, i32 1073741824)
  %sd = call { i32, i32 } @llvm.dx.splitdouble.i32(double %d)
  %hi = extractvalue { i32, i32 } %sd, 1
; f16tof32: UnpackHalf2x16's first component.
; CHECK: [[PAIR:%[0-9]+]] = call <2 x float> @llvm.spv.unpackhalf2x16.v2f32(i32 15360)
; CHECK: extractelement <2 x float> [[PAIR]], i32 0
  %one = call float @llvm.dx.legacyf16tof32.i32(i32 15360)
; dot3 of scalars: llvm.spv.fdot of the vectors they make.
; CHECK: call float @llvm.spv.fdot.v3f32(<3 x float> %{{[0-9]+}}, <3 x float> <float 4.000000e+00, float 5.000000e+00, float 6.000000e+00>)
  %dot = call float @llvm.dx.dot3.f32(float %one, float 2.0, float 3.0, float 4.0, float 5.0, float 6.0)
; CHECK: call float @llvm.spv.saturate.f32(
  %sat = call float @llvm.dx.saturate.f32(float %dot)
; Wave ops.
; CHECK: call i32 @llvm.spv.subgroup.size()
; CHECK: call spir_func i32 @__hlsl_wave_get_lane_index()
; CHECK: call i32 @llvm.spv.wave.reduce.sum.i32(i32
; CHECK: call i32 @llvm.spv.wave.reduce.umax.i32(i32
  %lanes = call i32 @llvm.dx.wave.get.lane.count()
  %lane = call i32 @llvm.dx.wave.getlaneindex()
  %sum = call i32 @llvm.dx.wave.reduce.usum.i32(i32 %lane)
  %max = call i32 @llvm.dx.wave.reduce.umax.i32(i32 %lane)
; CHECK-NOT: llvm.dx.
  %fi = fptoui float %sat to i32
  %a0 = mul i32 %t, 8
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %a0, i32 0, i32 %mad)
  %a1 = add i32 %a0, 1
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %a1, i32 0, i32 %hi)
  %a2 = add i32 %a0, 2
  %dotb = bitcast float %dot to i32
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %a2, i32 0, i32 %dotb)
  %a3 = add i32 %a0, 3
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %a3, i32 0, i32 %fi)
  %a4 = add i32 %a0, 4
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %a4, i32 0, i32 %lanes)
  %a5 = add i32 %a0, 5
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %a5, i32 0, i32 %sum)
  %a6 = add i32 %a0, 6
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %a6, i32 0, i32 %max)
  %a7 = add i32 %a0, 7
  %gsum = add i32 %g, %gi
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %a7, i32 0, i32 %gsum)
  ret void
}

declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0), i32, i32, i32)
declare i32 @llvm.dx.thread.id(i32)
declare i32 @llvm.dx.group.id(i32)
declare i32 @llvm.dx.flattened.thread.id.in.group()
declare i32 @llvm.dx.imad.i32(i32, i32, i32)
declare double @llvm.dx.asdouble.i32(i32, i32)
declare { i32, i32 } @llvm.dx.splitdouble.i32(double)
declare float @llvm.dx.legacyf16tof32.i32(i32)
declare float @llvm.dx.dot3.f32(float, float, float, float, float, float)
declare float @llvm.dx.saturate.f32(float)
declare i32 @llvm.dx.wave.get.lane.count()
declare i32 @llvm.dx.wave.getlaneindex()
declare i32 @llvm.dx.wave.reduce.usum.i32(i32)
declare i32 @llvm.dx.wave.reduce.umax.i32(i32)

attributes #0 = { "hlsl.numthreads"="4,1,1" "hlsl.shader"="compute" }
