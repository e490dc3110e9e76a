; Data scalarization (legalize/legal_scalarize.c): before SM 6.9 a shader has
; no vector values (DXC: "Instructions must be of an allowed type", "Vector
; type is not allowed"); what an LLVM 22 pipeline vectorized comes back as
; one scalar instruction per lane. SM 6.9 and libraries keep their vectors.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; RUN: sed 's/dxilv1.3-pc-shadermodel6.3-compute/dxilv1.9-pc-shadermodel6.9-compute/' %s > %t.69.in.ll
; RUN: %dxil-lower %t.69.in.ll -o %t.69.ll
; RUN: %opt -passes=verify -disable-output %t.69.ll
; RUN: %FileCheck %s --check-prefix=V69 < %t.69.ll
; RUN: sed 's/dxilv1.3-pc-shadermodel6.3-compute/dxilv1.3-pc-shadermodel6.3-library/' %s > %t.lib.in.ll
; RUN: %dxil-lower %t.lib.in.ll -o %t.lib.ll
; RUN: %FileCheck %s --check-prefix=V69 < %t.lib.ll
target triple = "dxilv1.3-pc-shadermodel6.3-compute"

@out = internal addrspace(3) global [16 x i32] undef, align 4
@outf = internal addrspace(3) global [16 x float] undef, align 4
@table = internal constant <4 x i32> <i32 1, i32 2, i32 3, i32 4>, align 16

; CHECK: @table = internal constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 16
; CHECK-LABEL: define void @main()
; CHECK: %[[I:[0-9]+]] = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
; Lane arithmetic, a splat and a constant vector.
; CHECK: %m.i0 = fmul fast float %x, 1.000000e+00
; CHECK: %m.i3 = fmul fast float %x, 4.000000e+00
; CHECK: store float %m.i3, ptr addrspace(3)
; V69: %m = fmul fast <4 x float> %splat, <float 1.000000e+00, float 2.000000e+00, float 3.000000e+00, float 4.000000e+00>
define void @main() #0 {
entry:
  %i = call i32 @llvm.dx.flattened.thread.id.in.group()
  %x = uitofp i32 %i to float
  %ins = insertelement <4 x float> poison, float %x, i64 0
  %splat = shufflevector <4 x float> %ins, <4 x float> poison, <4 x i32> zeroinitializer
  %m = fmul fast <4 x float> %splat, <float 1.0, float 2.0, float 3.0, float 4.0>
  %m3 = extractelement <4 x float> %m, i64 3
  store float %m3, ptr addrspace(3) @outf, align 4

; A dynamic lane: a select per lane.
; CHECK: %[[EQ:[0-9]+]] = icmp eq i32 %[[I]], 3
; CHECK-NEXT: %dyn = select i1 %[[EQ]], float %m.i3, float %{{[0-9]+}}
  %dyn = extractelement <4 x float> %m, i32 %i
  %pd = getelementptr inbounds [16 x float], ptr addrspace(3) @outf, i32 0, i32 1
  store float %dyn, ptr addrspace(3) %pd, align 4

; A vector global becomes an array; its vector load one load per lane.
; CHECK: %t.i0 = load i32, ptr @table, align 16
; CHECK: %t.i1 = load i32, ptr getelementptr inbounds ([4 x i32], ptr @table, i32 0, i32 1), align 4
  %t = load <4 x i32>, ptr @table, align 16
; llvm.vector.reduce.or: a chain of ors.
; CHECK: %[[O1:[0-9]+]] = or i32 %t.i0, %t.i1
; CHECK-NEXT: %[[O2:[0-9]+]] = or i32 %[[O1]], %t.i2
; CHECK-NEXT: %red = or i32 %[[O2]], %t.i3
  %red = call i32 @llvm.vector.reduce.or.v4i32(<4 x i32> %t)
  %po = getelementptr inbounds [16 x i32], ptr addrspace(3) @out, i32 0, i32 2
  store i32 %red, ptr addrspace(3) %po, align 4

; A vector alloca becomes an array; a vector store one store per lane.
; CHECK: %tmp = alloca [2 x i32], align 8
; Each lane through a typed path from the array (legalize/legal_gep.c).
; CHECK: %[[P0:[0-9]+]] = getelementptr inbounds [2 x i32], ptr %tmp, i32 0, i32 0
; CHECK-NEXT: store i32 %[[I]], ptr %[[P0]], align 8
; CHECK-NEXT: %[[P1:[0-9]+]] = getelementptr inbounds [2 x i32], ptr %tmp, i32 0, i32 1
; CHECK-NEXT: store i32 7, ptr %[[P1]], align 4
; CHECK: %back.i0 = load i32, ptr %{{[0-9]+}}, align 8
  %tmp = alloca <2 x i32>, align 8
  %v2a = insertelement <2 x i32> poison, i32 %i, i64 0
  %v2 = insertelement <2 x i32> %v2a, i32 7, i64 1
  store <2 x i32> %v2, ptr %tmp, align 8
  %back = load <2 x i32>, ptr %tmp, align 8

; A bitcast to a wider scalar puts the lanes together, low lane first.
; CHECK: %[[Z0:[0-9]+]] = zext i32 %back.i0 to i64
; CHECK: %[[Z1:[0-9]+]] = zext i32 %back.i1 to i64
; CHECK: %[[S1:[0-9]+]] = shl i64 %[[Z1]], 32
; CHECK: %wide = or i64 %[[Z0]], %[[S1]]
  %wide = bitcast <2 x i32> %back to i64
  %lo = trunc i64 %wide to i32
  %p3 = getelementptr inbounds [16 x i32], ptr addrspace(3) @out, i32 0, i32 3
  store i32 %lo, ptr addrspace(3) %p3, align 4

; Vector compare and select, per lane; lanes nobody reads are not kept.
; CHECK-NOT: %c.i0 =
; CHECK: %c.i1 = icmp ult i32 %t.i1, %[[I]]
; CHECK-NEXT: %s.i1 = select i1 %c.i1, i32 %t.i1, i32 0
  %vi = insertelement <4 x i32> poison, i32 %i, i64 0
  %vs = shufflevector <4 x i32> %vi, <4 x i32> poison, <4 x i32> zeroinitializer
  %c = icmp ult <4 x i32> %t, %vs
  %s = select <4 x i1> %c, <4 x i32> %t, <4 x i32> zeroinitializer
  %s1 = extractelement <4 x i32> %s, i64 1
  %p4 = getelementptr inbounds [16 x i32], ptr addrspace(3) @out, i32 0, i32 4
  store i32 %s1, ptr addrspace(3) %p4, align 4
  br label %loop

; A vector phi: a phi per lane.
; CHECK: loop:
; CHECK-NEXT: %acc.i0 = phi float [ 0.000000e+00, %entry ], [ %[[N0:next.i0[0-9]*]], %loop ]
; CHECK-NEXT: %acc.i1 = phi float [ 0.000000e+00, %entry ], [ %[[N1:next.i1[0-9]*]], %loop ]
; CHECK: %[[N0]] = fadd float %acc.i0, 1.000000e+00
loop:
  %acc = phi <2 x float> [ zeroinitializer, %entry ], [ %next, %loop ]
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %next = fadd <2 x float> %acc, <float 1.0, float 0.5>
  %k1 = add i32 %k, 1
  %done = icmp eq i32 %k1, 4
  br i1 %done, label %exit, label %loop

; fadd reduction: from its start value, lane by lane; fmuladd per lane.
; CHECK: exit:
; CHECK: %[[F0:[0-9]+]] = fadd float 1.000000e+00, %[[N0]]
; CHECK-NEXT: %sum = fadd float %[[F0]], %[[N1]]
; CHECK-NEXT: call float @dx.op.tertiary.f32(i32 46, float %[[N0]], float %[[N0]], float %[[N0]])
exit:
  %sum = call float @llvm.vector.reduce.fadd.v2f32(float 1.0, <2 x float> %next)
  %fma = call <2 x float> @llvm.fmuladd.v2f32(<2 x float> %next, <2 x float> %next, <2 x float> %next)
  %f1 = extractelement <2 x float> %fma, i64 1
  %g = fadd float %sum, %f1
  %p5 = getelementptr inbounds [16 x float], ptr addrspace(3) @outf, i32 0, i32 5
  store float %g, ptr addrspace(3) %p5, align 4
  ret void
}
; CHECK-NOT: x float>
; CHECK-NOT: x i32>
; CHECK-NOT: x i1>
; V69: phi <2 x float>

declare i32 @llvm.dx.flattened.thread.id.in.group()
declare i32 @llvm.vector.reduce.or.v4i32(<4 x i32>)
declare float @llvm.vector.reduce.fadd.v2f32(float, <2 x float>)
declare <2 x float> @llvm.fmuladd.v2f32(<2 x float>, <2 x float>, <2 x float>)
attributes #0 = { "hlsl.numthreads"="16,1,1" "hlsl.shader"="compute" }
