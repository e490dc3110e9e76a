; The cbuffers pass: a cbuffer becomes a uniform block of <4 x i32> rows
; (std140-legal, HLSL's bytes exactly), and each row load a load of its row
; with the fields cut out: four 32-bit words, two 64-bit pairs (low word
; first), eight 16-bit halves, or DXC's min-precision row of four 16-bit
; values each in a 32-bit slot (stored at 32 bits: narrowed).
; RUN: %dxil-upgrade --x-retarget=vulkan --x-vk-shift=u,8,all %s -o - | %FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

%__cblayout_CB = type <{ [4 x float], double, i64, [8 x half], [4 x float] }>

@CB.name = private unnamed_addr constant [3 x i8] c"CB\00"
@Out.name = private unnamed_addr constant [4 x i8] c"Out\00"

; Four rows of 16 bytes, a uniform block at set 0, binding 0.
; CHECK: [[CB:%[0-9]+]] = call target("spirv.VulkanBuffer", [4 x <4 x i32>], 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_a4v4i32_2_0t(i32 0, i32 0, i32 1, i32 0, ptr @.rt.CB)
define void @main() #0 {
  %cb = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 0, i32 1, i32 0, ptr @CB.name)
  %out = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr @Out.name)
; Row 0: four floats.
; CHECK: [[P0:%[0-9]+]] = call ptr addrspace(12) @llvm.spv.resource.getpointer.p12.tspirv.VulkanBuffer_a4v4i32_2_0t(target("spirv.VulkanBuffer", [4 x <4 x i32>], 2, 0) [[CB]], i32 0)
; CHECK: [[R0:%[0-9]+]] = load <4 x i32>, ptr addrspace(12) [[P0]], align 16
; CHECK: [[W2:%[0-9]+]] = extractelement <4 x i32> [[R0]], i32 2
; CHECK: bitcast i32 [[W2]] to float
  %r0 = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_CBst(target("dx.CBuffer", %__cblayout_CB) %cb, i32 0)
  %f2 = extractvalue { float, float, float, float } %r0, 2
; Row 1: a double (words 0, 1) and an i64 (words 2, 3).
; CHECK: [[R1:%[0-9]+]] = load <4 x i32>
; CHECK-NEXT: extractelement <4 x i32> [[R1]], i32 0
; CHECK-NEXT: [[A1:%[0-9]+]] = extractelement <4 x i32> [[R1]], i32 1
; CHECK-NEXT: extractelement <4 x i32> [[R1]], i32 2
; CHECK-NEXT: [[A3:%[0-9]+]] = extractelement <4 x i32> [[R1]], i32 3
; CHECK: zext i32 [[A1]] to i64
; CHECK: bitcast i64 %{{[0-9]+}} to double
; CHECK: zext i32 [[A3]] to i64
  %r1 = call { double, i64 } @llvm.dx.resource.load.cbufferrow.2.f64.i64.tdx.CBuffer_s___cblayout_CBst(target("dx.CBuffer", %__cblayout_CB) %cb, i32 1)
  %d = extractvalue { double, i64 } %r1, 0
  %q = extractvalue { double, i64 } %r1, 1
; Row 2: eight halves; the fourth is the upper half of word 1.
; CHECK: [[R2:%[0-9]+]] = load <4 x i32>
; CHECK: [[W1:%[0-9]+]] = extractelement <4 x i32> [[R2]], i32 1
; CHECK: [[UP:%[0-9]+]] = lshr i32 [[W1]], 16
; CHECK: [[H3:%[0-9]+]] = trunc i32 [[UP]] to i16
; CHECK: bitcast i16 [[H3]] to half
  %r2 = call { half, half, half, half, half, half, half, half } @llvm.dx.resource.load.cbufferrow.8.f16.f16.f16.f16.f16.f16.f16.f16.tdx.CBuffer_s___cblayout_CBst(target("dx.CBuffer", %__cblayout_CB) %cb, i32 2)
  %h3 = extractvalue { half, half, half, half, half, half, half, half } %r2, 3
; Row 3 read as min precision: each float slot narrowed to half.
; CHECK: [[R3:%[0-9]+]] = load <4 x i32>
; CHECK: [[M1:%[0-9]+]] = extractelement <4 x i32> [[R3]], i32 1
; CHECK: [[MF:%[0-9]+]] = bitcast i32 [[M1]] to float
; CHECK: fptrunc float [[MF]] to half
  %r3 = call { half, half, half, half } @llvm.dx.resource.load.cbufferrow.4.f16.f16.f16.f16.tdx.CBuffer_s___cblayout_CBst(target("dx.CBuffer", %__cblayout_CB) %cb, i32 3)
  %m1 = extractvalue { half, half, half, half } %r3, 1
; CHECK-NOT: llvm.dx.resource
  %fi = fptoui float %f2 to i32
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 0, i32 0, i32 %fi)
  %di = fptoui double %d to i32
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 1, i32 0, i32 %di)
  %qi = trunc i64 %q to i32
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 2, i32 0, i32 %qi)
  %qh = lshr i64 %q, 32
  %qhi = trunc i64 %qh to i32
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 3, i32 0, i32 %qhi)
  %hf = fpext half %h3 to float
  %hi = fptosi float %hf to i32
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 4, i32 0, i32 %hi)
  %mf = fpext half %m1 to float
  %mi = fptosi float %mf to i32
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 5, i32 0, i32 %mi)
  ret void
}

declare target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32, i32, i32, i32, ptr)
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_CBst(target("dx.CBuffer", %__cblayout_CB), i32)
declare { double, i64 } @llvm.dx.resource.load.cbufferrow.2.f64.i64.tdx.CBuffer_s___cblayout_CBst(target("dx.CBuffer", %__cblayout_CB), i32)
declare { half, half, half, half, half, half, half, half } @llvm.dx.resource.load.cbufferrow.8.f16.f16.f16.f16.f16.f16.f16.f16.tdx.CBuffer_s___cblayout_CBst(target("dx.CBuffer", %__cblayout_CB), i32)
declare { half, half, half, half } @llvm.dx.resource.load.cbufferrow.4.f16.f16.f16.f16.tdx.CBuffer_s___cblayout_CBst(target("dx.CBuffer", %__cblayout_CB), i32)
declare void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0), i32, i32, i32)

attributes #0 = { "hlsl.numthreads"="1,1,1" "hlsl.shader"="compute" }
