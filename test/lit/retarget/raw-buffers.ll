; The raw-buffers pass: structured and ByteAddress buffer loads and stores
; become 32-bit word accesses of a [0 x i32] storage buffer at byte address
; index * stride + offset, so D3D's bytes stay where they are: a float3
; member at offset 4 of a 32-byte element, a 64-bit value as two words
; (low first), a 16-bit value as half a word when read and through the
; buffer's [0 x i16] view when written. The stride is the element's size in
; the input's datalayout (32 here: the double is 8-aligned).
; RUN: %dxil-upgrade --x-retarget=vulkan --x-vk-shift=u,8,all %s -o - | %FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

%struct.P = type { i32, [3 x float], double, [2 x half] }

; CHECK-DAG: [[SRC:%[0-9]+]] = call target("spirv.VulkanBuffer", [0 x i32], 12, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_a0i32_12_0t(i32 0, i32 0, i32 1, i32 0, ptr @.rt.Src)
; CHECK-DAG: [[RAW:%[0-9]+]] = call target("spirv.VulkanBuffer", [0 x i32], 12, 1) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_a0i32_12_1t(i32 0, i32 9, i32 1, i32 0, ptr @.rt.Raw)
; CHECK-DAG: [[RAW16:%[0-9]+]] = call target("spirv.VulkanBuffer", [0 x i16], 12, 1) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_a0i16_12_1t(i32 0, i32 9, i32 1, i32 0, ptr @.rt.Raw.i16)
@Src.name = private unnamed_addr constant [4 x i8] c"Src\00"
@Raw.name = private unnamed_addr constant [4 x i8] c"Raw\00"

define void @main() #0 {
  %src = call target("dx.RawBuffer", %struct.P, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_s_struct.Ps_0_0t(i32 0, i32 0, i32 1, i32 0, ptr @Src.name)
  %raw = call target("dx.RawBuffer", i8, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_1_0t(i32 0, i32 1, i32 1, i32 0, ptr @Raw.name)
  %i = call i32 @llvm.dx.thread.id(i32 0)
; The float3 at offset 4 of element i: words (32i + 4) / 4 and the next two.
; CHECK: [[BASE:%[0-9]+]] = mul i32 %i, 32
; CHECK: [[A0:%[0-9]+]] = add i32 [[BASE]], 4
; CHECK: [[W0:%[0-9]+]] = lshr i32 [[A0]], 2
; CHECK: [[P0:%[0-9]+]] = call ptr addrspace(11) @llvm.spv.resource.getpointer.p11.tspirv.VulkanBuffer_a0i32_12_0t(target("spirv.VulkanBuffer", [0 x i32], 12, 0) [[SRC]], i32 [[W0]])
; CHECK: [[L0:%[0-9]+]] = load i32, ptr addrspace(11) [[P0]], align 4
; CHECK: bitcast i32 [[L0]] to float
; CHECK: add i32 [[A0]], 8
  %v = call { <3 x float>, i1 } @llvm.dx.resource.load.rawbuffer.v3f32.tdx.RawBuffer_s_struct.Ps_0_0t(target("dx.RawBuffer", %struct.P, 0, 0) %src, i32 %i, i32 4)
  %f3 = extractvalue { <3 x float>, i1 } %v, 0
; The double at offset 16: two words, the high one shifted up.
; CHECK: [[DA:%[0-9]+]] = add i32 %{{[0-9]+}}, 16
; CHECK: [[DW:%[0-9]+]] = lshr i32 [[DA]], 2
; CHECK: load i32
; CHECK: [[HIW:%[0-9]+]] = add i32 [[DW]], 1
; CHECK: load i32
; CHECK: shl i64 %{{[0-9]+}}, 32
; CHECK: bitcast i64 %{{[0-9]+}} to double
  %d = call { double, i1 } @llvm.dx.resource.load.rawbuffer.f64.tdx.RawBuffer_s_struct.Ps_0_0t(target("dx.RawBuffer", %struct.P, 0, 0) %src, i32 %i, i32 16)
  %dv = extractvalue { double, i1 } %d, 0
; The second half at offset 26 reads the upper 16 bits of word (32i + 26) / 4.
; CHECK: [[HA:%[0-9]+]] = add i32 %{{[0-9]+}}, 26
; CHECK: and i32 [[HA]], 2
; CHECK: lshr i32 %{{[0-9]+}}, %{{[0-9]+}}
; CHECK: trunc i32 %{{[0-9]+}} to i16
; CHECK: bitcast i16 %{{[0-9]+}} to half
  %h = call { half, i1 } @llvm.dx.resource.load.rawbuffer.f16.tdx.RawBuffer_s_struct.Ps_0_0t(target("dx.RawBuffer", %struct.P, 0, 0) %src, i32 %i, i32 26)
  %hv = extractvalue { half, i1 } %h, 0
; A ByteAddressBuffer store at byte 16i: the index is the address.
; CHECK: %a = mul i32 %i, 16
; CHECK: [[RW:%[0-9]+]] = lshr i32 %a, 2
; CHECK: call ptr addrspace(11) @llvm.spv.resource.getpointer.p11.tspirv.VulkanBuffer_a0i32_12_1t(target("spirv.VulkanBuffer", [0 x i32], 12, 1) [[RAW]], i32 [[RW]])
  %x = extractelement <3 x float> %f3, i32 2
  %a = mul i32 %i, 16
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i8_1_0t.f32(target("dx.RawBuffer", i8, 1, 0) %raw, i32 %a, i32 poison, float %x)
; A double: two word stores.
; CHECK: lshr i64 %{{[0-9]+}}, 32
; CHECK-COUNT-2: store i32 %{{[0-9]+}}, ptr addrspace(11) %{{[0-9]+}}, align 4
  %a2 = add i32 %a, 4
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i8_1_0t.f64(target("dx.RawBuffer", i8, 1, 0) %raw, i32 %a2, i32 poison, double %dv)
; A half: one i16 of the 16-bit view, at byte address / 2.
; CHECK: [[HI:%[0-9]+]] = lshr i32 %a3, 1
; CHECK: [[HP:%[0-9]+]] = call ptr addrspace(11) @llvm.spv.resource.getpointer.p11.tspirv.VulkanBuffer_a0i16_12_1t(target("spirv.VulkanBuffer", [0 x i16], 12, 1) [[RAW16]], i32 [[HI]])
; CHECK: store i16 %{{[0-9]+}}, ptr addrspace(11) [[HP]], align 2
  %a3 = add i32 %a, 14
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i8_1_0t.f16(target("dx.RawBuffer", i8, 1, 0) %raw, i32 %a3, i32 poison, half %hv)
  ret void
}
; CHECK-NOT: llvm.dx.resource

declare target("dx.RawBuffer", %struct.P, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_s_struct.Ps_0_0t(i32, i32, i32, i32, ptr)
declare target("dx.RawBuffer", i8, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_1_0t(i32, i32, i32, i32, ptr)
declare { <3 x float>, i1 } @llvm.dx.resource.load.rawbuffer.v3f32.tdx.RawBuffer_s_struct.Ps_0_0t(target("dx.RawBuffer", %struct.P, 0, 0), i32, i32)
declare { double, i1 } @llvm.dx.resource.load.rawbuffer.f64.tdx.RawBuffer_s_struct.Ps_0_0t(target("dx.RawBuffer", %struct.P, 0, 0), i32, i32)
declare { half, i1 } @llvm.dx.resource.load.rawbuffer.f16.tdx.RawBuffer_s_struct.Ps_0_0t(target("dx.RawBuffer", %struct.P, 0, 0), i32, i32)
declare void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i8_1_0t.f32(target("dx.RawBuffer", i8, 1, 0), i32, i32, float)
declare void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i8_1_0t.f64(target("dx.RawBuffer", i8, 1, 0), i32, i32, double)
declare void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i8_1_0t.f16(target("dx.RawBuffer", i8, 1, 0), i32, i32, half)
declare i32 @llvm.dx.thread.id(i32)

attributes #0 = { "hlsl.numthreads"="4,1,1" "hlsl.shader"="compute" }
