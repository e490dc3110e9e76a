; Each thread t of a group g of 32 writes (t + 1) * (g + 1) to groupshared
; slot t; after GroupMemoryBarrierWithGroupSync it stores the sum of slots
; (t + 8k) & 31, k = 0..3, to Out[g * 32 + t]: slots other threads wrote,
; three of them outside its SIMD batch on lavapipe (8 lanes).
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxilv1.0-pc-shadermodel6.0-compute"

@Out.name = private unnamed_addr constant [4 x i8] c"Out\00"
@gs = internal addrspace(3) global [32 x i32] undef, align 4

define void @main() #0 {
entry:
  %out = call target("dx.RawBuffer", i8, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_1_0t(i32 0, i32 0, i32 1, i32 0, ptr @Out.name)
  %t = call i32 @llvm.dx.thread.id.in.group(i32 0)
  %g = call i32 @llvm.dx.group.id(i32 0)
  %t1 = add i32 %t, 1
  %g1 = add i32 %g, 1
  %v = mul i32 %t1, %g1
  %p = getelementptr inbounds [32 x i32], ptr addrspace(3) @gs, i32 0, i32 %t
  store i32 %v, ptr addrspace(3) %p, align 4
  call void @llvm.dx.group.memory.barrier.with.group.sync()
  %tk0 = add i32 %t, 0
  %j0 = and i32 %tk0, 31
  %p0 = getelementptr inbounds [32 x i32], ptr addrspace(3) @gs, i32 0, i32 %j0
  %tk1 = add i32 %t, 8
  %j1 = and i32 %tk1, 31
  %p1 = getelementptr inbounds [32 x i32], ptr addrspace(3) @gs, i32 0, i32 %j1
  %tk2 = add i32 %t, 16
  %j2 = and i32 %tk2, 31
  %p2 = getelementptr inbounds [32 x i32], ptr addrspace(3) @gs, i32 0, i32 %j2
  %tk3 = add i32 %t, 24
  %j3 = and i32 %tk3, 31
  %p3 = getelementptr inbounds [32 x i32], ptr addrspace(3) @gs, i32 0, i32 %j3
  %a0 = load i32, ptr addrspace(3) %p0, align 4
  %a1 = load i32, ptr addrspace(3) %p1, align 4
  %a2 = load i32, ptr addrspace(3) %p2, align 4
  %a3 = load i32, ptr addrspace(3) %p3, align 4
  %s01 = add i32 %a0, %a1
  %s23 = add i32 %a2, %a3
  %s = add i32 %s01, %s23
  %g4 = shl i32 %g, 5
  %i = add i32 %g4, %t
  %addr = shl i32 %i, 2
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i8_1_0t.i32(target("dx.RawBuffer", i8, 1, 0) %out, i32 %addr, i32 poison, i32 %s)
  ret void
}

declare i32 @llvm.dx.thread.id.in.group(i32)
declare i32 @llvm.dx.group.id(i32)
declare void @llvm.dx.group.memory.barrier.with.group.sync()
declare target("dx.RawBuffer", i8, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_1_0t(i32, i32, i32, i32, ptr)
declare void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i8_1_0t.i32(target("dx.RawBuffer", i8, 1, 0), i32, i32, i32)

attributes #0 = { "hlsl.numthreads"="32,1,1" "hlsl.shader"="compute" }
