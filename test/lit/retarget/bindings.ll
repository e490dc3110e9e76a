; The bindings pass: register(xN, spaceS) is descriptor set S, binding N
; plus the shift of class x for set S (DXC's -fvk-x-shift N S, N all; a
; set's own shift wins over all), a resource array one binding with an
; array of descriptors. Resources that land on one set and binding are
; refused (DXIL8001) with both named and the shift options suggested. A
; used counter takes the lowest binding of its buffer's set that nothing
; else has. Nameless resources are named after their register.
; RUN: %dxil-upgrade --x-retarget=vulkan --x-vk-shift=t,100,all --x-vk-shift=u,200,all --x-vk-shift=u,300,1 %s -o - | %FileCheck %s
; RUN: %expect-exit 1 %dxil-upgrade --x-retarget=vulkan %s -o %t.ll 2> %t.err
; RUN: %FileCheck --check-prefix=CLASH %s < %t.err
; RUN: not test -e %t.ll

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

%__cblayout_CB = type <{ [4 x i32] }>

@CB.name = private unnamed_addr constant [3 x i8] c"CB\00"
@Tex.name = private unnamed_addr constant [4 x i8] c"Tbl\00"

; CLASH: error: 'CB' (register b0, space 0) and 'Tbl' (register t0, space 0) both map to descriptor set 0, binding 0; shift one register class apart (-fvk-b-shift N 0 or -fvk-t-shift N 0, as DXC's -spirv takes them) [DXIL8001]
; CLASH: error: 'CB' (register b0, space 0) and 'u0' (register u0, space 0) both map to descriptor set 0, binding 0;
; CLASH: error: 'Tbl' (register t0, space 0) and 'u0' (register u0, space 0) both map

; b0: set 0, binding 0 (no b shift).
; CHECK-DAG: call target("spirv.VulkanBuffer", [1 x <4 x i32>], 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_a1v4i32_2_0t(i32 0, i32 0, i32 1, i32 0, ptr @.rt.CB)
; t0: binding 100 (t shift 100 in every set).
; CHECK-DAG: call target("spirv.VulkanBuffer", [0 x i32], 12, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_a0i32_12_0t(i32 0, i32 100, i32 1, i32 0, ptr @.rt.Tbl)
; u0 space 0: binding 200; its counter the lowest free binding of set 0: 1.
; CHECK-DAG: call target("spirv.VulkanBuffer", [0 x i32], 12, 1) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_a0i32_12_1t(i32 0, i32 200, i32 1, i32 0, ptr @.rt.u0)
; CHECK-DAG: call target("spirv.VulkanBuffer", [0 x i32], 12, 1) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_a0i32_12_1t(i32 0, i32 1, i32 1, i32 0, ptr @.rt.u0.counter)
; u2 space 1, an array of 4 read at a run-time index: set 1, binding 302
; (set 1's own u shift), 4 descriptors, the index as it was.
; CHECK-DAG: call target("spirv.VulkanBuffer", [0 x i32], 12, 1) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_a0i32_12_1t(i32 1, i32 302, i32 4, i32 %{{[0-9a-z]+}}, ptr @.rt.u2_space1)
define void @main() #0 {
  %cb = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 0, i32 1, i32 0, ptr @CB.name)
  %tbl = call target("dx.RawBuffer", i8, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_0_0t(i32 0, i32 0, i32 1, i32 0, ptr @Tex.name)
  %out = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr null)
  %t = call i32 @llvm.dx.thread.id(i32 0)
  %k = and i32 %t, 3
  %arr = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 1, i32 2, i32 4, i32 %k, ptr null)
  %row = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.i32.i32.i32.i32.tdx.CBuffer_s___cblayout_CBst(target("dx.CBuffer", %__cblayout_CB) %cb, i32 0)
  %c0 = extractvalue { i32, i32, i32, i32 } %row, 0
  %l = call { i32, i1 } @llvm.dx.resource.load.rawbuffer.i32.tdx.RawBuffer_i8_0_0t(target("dx.RawBuffer", i8, 0, 0) %tbl, i32 0, i32 poison)
  %v = extractvalue { i32, i1 } %l, 0
  %slot = call i32 @llvm.dx.resource.updatecounter.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0) %out, i8 1)
  %s = add i32 %v, %c0
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %slot, i32 0, i32 %s)
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %arr, i32 %t, i32 0, i32 %s)
  ret void
}

declare target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32, i32, i32, i32, ptr)
declare target("dx.RawBuffer", i8, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_0_0t(i32, i32, i32, i32, ptr)
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.i32.i32.i32.i32.tdx.CBuffer_s___cblayout_CBst(target("dx.CBuffer", %__cblayout_CB), i32)
declare { i32, i1 } @llvm.dx.resource.load.rawbuffer.i32.tdx.RawBuffer_i8_0_0t(target("dx.RawBuffer", i8, 0, 0), i32, i32)
declare i32 @llvm.dx.resource.updatecounter.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0), i8)
declare void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0), i32, i32, i32)
declare i32 @llvm.dx.thread.id(i32)

attributes #0 = { "hlsl.numthreads"="4,1,1" "hlsl.shader"="compute" }
