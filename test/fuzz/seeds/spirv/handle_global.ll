; A resource handle stored in a global: LLVM 22's SPIR-V backend makes it a
; Function-storage variable holding a pointer, which spirv-val rejects in
; Logical addressing. Hand-written after clang 22's cbuffer output.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10"
target triple = "spirv-unknown-vulkan1.3-compute"

%__cblayout_Frame = type <{ <4 x float> }>

@Frame.cb = local_unnamed_addr global target("spirv.VulkanBuffer", %__cblayout_Frame, 2, 0) poison
@Frame.str = private unnamed_addr constant [6 x i8] c"Frame\00", align 1

define void @main() #0 {
entry:
  %h = tail call target("spirv.VulkanBuffer", %__cblayout_Frame, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_Frames_2_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @Frame.str)
  store target("spirv.VulkanBuffer", %__cblayout_Frame, 2, 0) %h, ptr @Frame.cb, align 8
  ret void
}

declare target("spirv.VulkanBuffer", %__cblayout_Frame, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_Frames_2_0t(i32, i32, i32, i32, ptr)

attributes #0 = { "hlsl.numthreads"="1,1,1" "hlsl.shader"="compute" }
