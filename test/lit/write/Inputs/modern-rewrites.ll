; Modern IR a DXIL bitcode writer must rewrite (bcwrite-modern.test): fneg,
; poison, a shuffle mask, a select of pointers, the first element of an
; array global (LLVM 22 folds its zero GEP), allocas with lifetime markers,
; a switch. At SM 6.9, whose native vectors keep the shuffle (earlier
; versions have the lowering scalarize it).
target triple = "dxilv1.9-pc-shadermodel6.9-compute"
%struct.S = type { float, i32 }
@sh = internal addrspace(3) global [4 x float] undef, align 4
define void @main() #0 {
entry:
  %s = alloca %struct.S, align 4
  %t = alloca [8 x i32], align 4
  call void @llvm.lifetime.start.p0(ptr %t)
  %i = call i32 @llvm.dx.flattened.thread.id.in.group()
  %x = uitofp i32 %i to float
  %n = fneg float %x
  %first = load float, ptr addrspace(3) @sh, align 4
  %sum = fadd float %n, %first
  %v = insertelement <4 x float> poison, float %sum, i32 0
  %w = shufflevector <4 x float> %v, <4 x float> poison, <4 x i32> <i32 0, i32 0, i32 1, i32 0>
  %e = extractelement <4 x float> %w, i32 1
  %c = icmp ult i32 %i, 2
  %pp = select i1 %c, ptr %s, ptr %s
  %f0 = getelementptr inbounds %struct.S, ptr %pp, i32 0, i32 0
  store float %e, ptr %f0, align 4
  %ti = getelementptr inbounds [8 x i32], ptr %t, i32 0, i32 %i
  store i32 %i, ptr %ti, align 4
  switch i32 %i, label %done [ i32 0, label %zero
                               i32 3, label %three ]
zero:
  store float 0.0, ptr addrspace(3) @sh, align 4
  br label %done
three:
  %g = getelementptr [4 x float], ptr addrspace(3) @sh, i32 0, i32 3
  %ld = load float, ptr %f0, align 4
  store float %ld, ptr addrspace(3) %g, align 4
  br label %done
done:
  call void @llvm.lifetime.end.p0(ptr %t)
  ret void
}
declare i32 @llvm.dx.flattened.thread.id.in.group()
declare void @llvm.lifetime.start.p0(ptr captures(none))
declare void @llvm.lifetime.end.p0(ptr captures(none))
attributes #0 = { "hlsl.numthreads"="4,1,1" "hlsl.shader"="compute" }
