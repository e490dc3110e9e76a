; The dx-ops pass's wave ops, from what LLVM 22's SPIR-V backend selects:
; WavePrefixSum / WavePrefixProduct (dx.op.wavePrefixOp) a loop over the
; wave's lanes, the same in every active lane, that combines the values
; readlane gives of the active lanes (ballot(true)) below this one;
; WavePrefixCountBits the population count of ballot(b) below the lane.
; RUN: %dxil-upgrade --x-retarget=vulkan %s -o - | %FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

@Out.name = private unnamed_addr constant [4 x i8] c"Out\00"

define void @main() #0 {
entry:
  %out = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr @Out.name)
  %t = call i32 @llvm.dx.thread.id(i32 0)
  %v = add i32 %t, 1
; CHECK: [[MASK:%[0-9]+]] = call <4 x i32> @llvm.spv.wave.ballot(i1 true)
; CHECK: [[LANE:%[0-9]+]] = call spir_func i32 @__hlsl_wave_get_lane_index()
; CHECK: [[N:%[0-9]+]] = call i32 @llvm.spv.subgroup.size()
; CHECK: br label %wave.prefix
; CHECK: wave.prefix:
; CHECK-NEXT: [[I:%[0-9]+]] = phi i32 [ 0, %entry ], [ [[NEXT:%[0-9]+]], %wave.prefix ]
; CHECK-NEXT: [[ACC:%[0-9]+]] = phi i32 [ 0, %entry ], [ %sum, %wave.prefix ]
; CHECK-NEXT: [[X:%[0-9]+]] = call i32 @llvm.spv.wave.readlane.i32(i32 %v, i32 [[I]])
; CHECK: icmp ult i32 [[I]], [[LANE]]
; CHECK: [[ADD:%[0-9]+]] = add i32 [[ACC]], [[X]]
; CHECK: %sum = select i1 %{{[0-9]+}}, i32 [[ADD]], i32 [[ACC]]
; CHECK: [[NEXT]] = add i32 [[I]], 1
; CHECK: br i1 %{{[0-9]+}}, label %wave.prefix, label %[[AFTER:[0-9]+]]
  %sum = call i32 @dx.op.wavePrefixOp.i32(i32 121, i32 %v, i8 0, i8 1)
; A product starts from 1.
; CHECK: phi i32 [ 1, %[[AFTER]] ]
; CHECK: mul i32
  %prod = call i32 @dx.op.wavePrefixOp.i32(i32 121, i32 %v, i8 1, i8 0)
; WavePrefixCountBits: ctpop of each ballot word masked below the lane.
; CHECK: call <4 x i32> @llvm.spv.wave.ballot(i1 %odd)
; CHECK-COUNT-4: call i32 @llvm.ctpop.i32(
  %bit = and i32 %t, 1
  %odd = icmp ne i32 %bit, 0
  %bits = call i32 @dx.op.wavePrefixOp(i32 136, i1 %odd)
; CHECK-NOT: dx.op
  %a0 = mul i32 %t, 4
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %a0, i32 0, i32 %sum)
  %a1 = add i32 %a0, 1
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %a1, i32 0, i32 %prod)
  %a2 = add i32 %a0, 2
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %a2, i32 0, i32 %bits)
  br i1 %odd, label %odd.lanes, label %done

; Only the odd lanes: the even ones are not active and do not count.
odd.lanes:
  %osum = call i32 @dx.op.wavePrefixOp.i32(i32 121, i32 %v, i8 0, i8 1)
  %a3 = add i32 %a0, 3
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %a3, i32 0, i32 %osum)
  br label %done

done:
  ret void
}

declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0), i32, i32, i32)
declare i32 @llvm.dx.thread.id(i32)
declare i32 @dx.op.wavePrefixOp.i32(i32, i32, i8, i8)
declare i32 @dx.op.wavePrefixOp(i32, i1)

attributes #0 = { "hlsl.numthreads"="6,1,1" "hlsl.shader"="compute" }
