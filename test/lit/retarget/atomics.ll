; The atomics pass: InterlockedAdd and friends on raw and structured
; buffers (dx.op.atomicBinOp, which the raise keeps) become atomicrmw on the
; word the byte address names, and groupshared atomics get Vulkan's
; workgroup scope; both seq_cst (LLVM 22's backend emits relaxed semantics
; as an OpConstantNull that spirv-val then refuses in an access chain).
; IncrementCounter / DecrementCounter (the counters pass) are an atomic
; add / subtract on word 0 of the counter buffer, at the lowest binding of
; the buffer's set that no resource takes (DXC's rule).
; RUN: %dxil-upgrade --x-retarget=vulkan --x-vk-shift=u,8,all %s -o - | %FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

%dx.types.Handle = type { ptr }

@Raw.name = private unnamed_addr constant [4 x i8] c"Raw\00"
@Sb.name = private unnamed_addr constant [3 x i8] c"Sb\00"
@gs = addrspace(3) global [4 x i32] undef, align 4

; The counter of Sb (u1 -> binding 9): binding 0, the lowest free one.
; CHECK-DAG: [[CNT:%[0-9]+]] = call target("spirv.VulkanBuffer", [0 x i32], 12, 1) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_a0i32_12_1t(i32 0, i32 0, i32 1, i32 0, ptr @.rt.Sb.counter)
; CHECK-DAG: [[RAW:%[0-9]+]] = call target("spirv.VulkanBuffer", [0 x i32], 12, 1) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_a0i32_12_1t(i32 0, i32 8, i32 1, i32 0, ptr @.rt.Raw)
; CHECK-DAG: [[SB:%[0-9]+]] = call target("spirv.VulkanBuffer", [0 x i32], 12, 1) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_a0i32_12_1t(i32 0, i32 9, i32 1, i32 0, ptr @.rt.Sb)
; The groupshared array: internal, no initializer for Vulkan.
; CHECK-DAG: @gs = internal addrspace(3) global [4 x i32] poison, align 4
define void @main() #0 {
  %raw = call target("dx.RawBuffer", i8, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_1_0t(i32 0, i32 0, i32 1, i32 0, ptr @Raw.name)
  %sb = call target("dx.RawBuffer", <2 x i32>, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_v2i32_1_0t(i32 0, i32 1, i32 1, i32 0, ptr @Sb.name)
  %rawh = call %dx.types.Handle @llvm.dx.resource.casthandle.s_dx.types.Handles.tdx.RawBuffer_i8_1_0t(target("dx.RawBuffer", i8, 1, 0) %raw)
  %sbh = call %dx.types.Handle @llvm.dx.resource.casthandle.s_dx.types.Handles.tdx.RawBuffer_v2i32_1_0t(target("dx.RawBuffer", <2 x i32>, 1, 0) %sb)
  %i = call i32 @llvm.dx.thread.id(i32 0)
; InterlockedAdd(Raw[4], i): the word at byte 4.
; CHECK: [[P:%[0-9]+]] = call ptr addrspace(11) @llvm.spv.resource.getpointer.p11.tspirv.VulkanBuffer_a0i32_12_1t(target("spirv.VulkanBuffer", [0 x i32], 12, 1) [[RAW]], i32 1)
; CHECK: atomicrmw add ptr addrspace(11) [[P]], i32 %{{[0-9a-z]+}} syncscope("device") seq_cst
  %old = call i32 @dx.op.atomicBinOp.i32(i32 78, %dx.types.Handle %rawh, i32 0, i32 4, i32 undef, i32 undef, i32 %i)
; InterlockedMax(Sb[1].y, i): byte 1 * 8 + 4.
; CHECK: [[Q:%[0-9]+]] = call ptr addrspace(11) @llvm.spv.resource.getpointer.p11.tspirv.VulkanBuffer_a0i32_12_1t(target("spirv.VulkanBuffer", [0 x i32], 12, 1) [[SB]], i32 3)
; CHECK: atomicrmw umax ptr addrspace(11) [[Q]], i32 %{{[0-9a-z]+}} syncscope("device") seq_cst
  %m = call i32 @dx.op.atomicBinOp.i32(i32 78, %dx.types.Handle %sbh, i32 7, i32 1, i32 4, i32 undef, i32 %i)
; Groupshared: workgroup scope.
; CHECK: atomicrmw or ptr addrspace(3) %{{[0-9a-z]+}}, i32 %{{[0-9a-z]+}} syncscope("workgroup") seq_cst
  %g = getelementptr [4 x i32], ptr addrspace(3) @gs, i32 0, i32 1
  store i32 0, ptr addrspace(3) %g, align 4
  call void @llvm.dx.group.memory.barrier.with.group.sync()
  %bit = shl i32 1, %i
  %o = atomicrmw or ptr addrspace(3) %g, i32 %bit seq_cst
  call void @llvm.dx.group.memory.barrier.with.group.sync()
  %all = load i32, ptr addrspace(3) %g, align 4
; The counter: add 1 returns the value before; sub 1, the value after.
; CHECK: [[C:%[0-9]+]] = call ptr addrspace(11) @llvm.spv.resource.getpointer.p11.tspirv.VulkanBuffer_a0i32_12_1t(target("spirv.VulkanBuffer", [0 x i32], 12, 1) [[CNT]], i32 0)
; CHECK: atomicrmw add ptr addrspace(11) [[C]], i32 1 syncscope("device") seq_cst
; CHECK: [[D:%[0-9]+]] = atomicrmw sub ptr addrspace(11) %{{[0-9]+}}, i32 1 syncscope("device") seq_cst
; CHECK: sub i32 [[D]], 1
  %slot = call i32 @llvm.dx.resource.updatecounter.tdx.RawBuffer_v2i32_1_0t(target("dx.RawBuffer", <2 x i32>, 1, 0) %sb, i8 1)
  %dec = call i32 @llvm.dx.resource.updatecounter.tdx.RawBuffer_v2i32_1_0t(target("dx.RawBuffer", <2 x i32>, 1, 0) %sb, i8 -1)
  %slot2 = add i32 %slot, 2
  %v0 = insertelement <2 x i32> poison, i32 %all, i32 0
  %v1 = insertelement <2 x i32> %v0, i32 %dec, i32 1
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_v2i32_1_0t.v2i32(target("dx.RawBuffer", <2 x i32>, 1, 0) %sb, i32 %slot2, i32 0, <2 x i32> %v1)
  ret void
}
; CHECK-NOT: dx.op.atomicBinOp
; CHECK-NOT: llvm.dx.resource

declare target("dx.RawBuffer", i8, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_1_0t(i32, i32, i32, i32, ptr)
declare target("dx.RawBuffer", <2 x i32>, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_v2i32_1_0t(i32, i32, i32, i32, ptr)
declare %dx.types.Handle @llvm.dx.resource.casthandle.s_dx.types.Handles.tdx.RawBuffer_i8_1_0t(target("dx.RawBuffer", i8, 1, 0))
declare %dx.types.Handle @llvm.dx.resource.casthandle.s_dx.types.Handles.tdx.RawBuffer_v2i32_1_0t(target("dx.RawBuffer", <2 x i32>, 1, 0))
declare i32 @dx.op.atomicBinOp.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32)
declare i32 @llvm.dx.resource.updatecounter.tdx.RawBuffer_v2i32_1_0t(target("dx.RawBuffer", <2 x i32>, 1, 0), i8)
declare void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_v2i32_1_0t.v2i32(target("dx.RawBuffer", <2 x i32>, 1, 0), i32, i32, <2 x i32>)
declare void @llvm.dx.group.memory.barrier.with.group.sync()
declare i32 @llvm.dx.thread.id(i32)

attributes #0 = { "hlsl.numthreads"="4,1,1" "hlsl.shader"="compute" }
