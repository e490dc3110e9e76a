target triple = "dxilv1.6-pc-shadermodel6.6-compute"
@gs = addrspace(3) global [4 x i32] undef, align 4
define void @main() #0 {
  %t = call i32 @llvm.dx.thread.id(i32 0)
  %p = getelementptr [4 x i32], ptr addrspace(3) @gs, i32 0, i32 %t
  %c = cmpxchg ptr addrspace(3) %p, i32 0, i32 %t seq_cst seq_cst
  ret void
}
declare i32 @llvm.dx.thread.id(i32)
attributes #0 = { "hlsl.numthreads"="4,1,1" "hlsl.shader"="compute" }
