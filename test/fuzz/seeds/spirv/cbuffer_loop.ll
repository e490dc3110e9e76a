; A cbuffer array read through a loop's index, in a loop with no exit: LLVM
; 22's SPIR-V backend crashes on it (SIGSEGV in its "legalize bitcast"
; pass; llc-22 crashes the same way). Reduced from clang 22's output for a
; cbuffer shader with llvm-reduce.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10"
target triple = "spirv-unknown-vulkan1.3-compute"

%__cblayout_Lights = type <{ [8 x <4 x float>], i32 }>

@Lights.cb = external global target("spirv.VulkanBuffer", %__cblayout_Lights, 2, 0)
@LightPos = external addrspace(12) global [8 x <4 x float>]
@LightCount = external addrspace(12) global i32

define void @main() #0 {
entry:
  %h = tail call target("spirv.VulkanBuffer", %__cblayout_Lights, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_Lightss_2_0t(i32 0, i32 0, i32 1, i32 0, ptr null)
  store target("spirv.VulkanBuffer", %__cblayout_Lights, 2, 0) %h, ptr @Lights.cb, align 8
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %p = getelementptr <4 x float>, ptr addrspace(12) @LightPos, i64 %i
  %v = load <4 x float>, ptr addrspace(12) %p, align 16
  %next = add i64 %i, 1
  br label %loop
}

declare target("spirv.VulkanBuffer", %__cblayout_Lights, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_Lightss_2_0t(i32, i32, i32, i32, ptr)
declare i32 @llvm.spv.flattened.thread.id.in.group()

attributes #0 = { "hlsl.numthreads"="8,1,1" "hlsl.shader"="compute" }

!hlsl.cbs = !{!0}
!0 = !{ptr @Lights.cb, ptr addrspace(12) @LightPos, ptr addrspace(12) @LightCount}
