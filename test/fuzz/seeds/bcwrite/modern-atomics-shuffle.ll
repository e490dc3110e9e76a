; fuzz_bcwrite seed: pointer casts, atomics, a shuffle and a select of
; pointers in a compute shader (modern IR).
target triple = "dxilv1.0-pc-shadermodel6.0-compute"
@g = internal addrspace(3) global [16 x float] undef, align 4
@n = internal addrspace(3) global i32 0, align 4
define void @main() #0 {
  %i = call i32 @llvm.dx.flattened.thread.id.in.group()
  %p = getelementptr [16 x float], ptr addrspace(3) @g, i32 0, i32 %i
  %q = bitcast ptr addrspace(3) %p to ptr addrspace(3)
  %r = cmpxchg ptr addrspace(3) %q, i32 0, i32 1 seq_cst seq_cst
  %o = atomicrmw add ptr addrspace(3) @n, i32 1 seq_cst
  %x = uitofp i32 %o to float
  %v = insertelement <4 x float> undef, float %x, i32 0
  %w = shufflevector <4 x float> %v, <4 x float> undef, <4 x i32> <i32 0, i32 0, i32 1, i32 0>
  %e = extractelement <4 x float> %w, i32 3
  %c = icmp eq i32 %i, 0
  %s = select i1 %c, ptr addrspace(3) %p, ptr addrspace(3) @g
  store float %e, ptr addrspace(3) %s, align 4
  ret void
}
declare i32 @llvm.dx.flattened.thread.id.in.group()
attributes #0 = { "hlsl.numthreads"="16,1,1" "hlsl.shader"="compute" }
