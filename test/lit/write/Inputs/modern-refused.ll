; A compute shader whose line FORM (replaced by bcwrite-modern.test's sed)
; holds IR the DXIL bitcode writer must refuse.
target triple = "dxilv1.0-pc-shadermodel6.0-compute"
@sh = internal addrspace(3) global [4 x float] undef, align 4
;ALIAS
define void @main() #0 {
  %i = call i32 @llvm.dx.flattened.thread.id.in.group()
  %x = uitofp i32 %i to float
  %f = fadd float %x, 1.0 ; FORM
  %p = getelementptr [4 x float], ptr addrspace(3) @sh, i32 0, i32 %i
  store float %f, ptr addrspace(3) %p, align 4
  ret void
}
declare i32 @llvm.dx.flattened.thread.id.in.group()
attributes #0 = { "hlsl.numthreads"="4,1,1" "hlsl.shader"="compute" }
