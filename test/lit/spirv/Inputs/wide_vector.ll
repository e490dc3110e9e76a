; A <16 x i32> buffer element: Vulkan SPIR-V has no 16-wide vectors, and LLVM
; 22's SPIR-V backend cannot legalize the vector it concatenates
; (report_fatal_error "unable to legalize instruction", which ends its
; process). Hand-written in clang's Vulkan form.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10"
target triple = "spirv-unknown-vulkan1.3-compute"

@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1

define void @main() #0 {
entry:
  %h = tail call target("spirv.VulkanBuffer", [0 x <16 x i32>], 12, 1) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_a0v16i32_12_1t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str)
  %id = tail call i32 @llvm.spv.thread.id.i32(i32 0)
  %p = tail call ptr addrspace(11) @llvm.spv.resource.getpointer.p11.tspirv.VulkanBuffer_a0v16i32_12_1t(target("spirv.VulkanBuffer", [0 x <16 x i32>], 12, 1) %h, i32 %id)
  %v = load <16 x i32>, ptr addrspace(11) %p, align 4
  %w = add <16 x i32> %v, %v
  %b = bitcast <16 x i32> %w to <8 x i64>
  %c = bitcast <8 x i64> %b to <16 x i32>
  store <16 x i32> %c, ptr addrspace(11) %p, align 4
  ret void
}
declare i32 @llvm.spv.thread.id.i32(i32)
declare target("spirv.VulkanBuffer", [0 x <16 x i32>], 12, 1) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_a0v16i32_12_1t(i32, i32, i32, i32, ptr)
declare ptr addrspace(11) @llvm.spv.resource.getpointer.p11.tspirv.VulkanBuffer_a0v16i32_12_1t(target("spirv.VulkanBuffer", [0 x <16 x i32>], 12, 1), i32)
attributes #0 = { "hlsl.numthreads"="64,1,1" "hlsl.shader"="compute" }
