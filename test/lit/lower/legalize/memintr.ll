; Memory intrinsics (legalize/legal_memintr.c): clang copies structs and
; instcombine/memcpyopt merge stores into llvm.memcpy and llvm.memset of a
; constant length; DXIL has no memory intrinsics (DXC: "External function
; 'llvm.memcpy...' is not a DXIL function"). Each becomes a load and a
; store per scalar of the object's type in the range (the memset's byte
; repeated through each scalar), through typed paths. A copy that cuts a
; scalar (6 bytes of i32s) is left, and the writer refuses it.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil
; RUN: sed 's/@src, i32 16,/@src, i32 6,/' %s > %t.cut.ll
; RUN: grep -q 'i32 6, i1 false' %t.cut.ll
; RUN: %expect-exit 1 %dxil-lower %t.cut.ll -o %t.cut.dxil 2>&1 | %FileCheck %s --check-prefix=CUT
; RUN: test ! -e %t.cut.dxil
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-compute"

%struct.P = type { float, i32 }

@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1
@src = internal addrspace(3) global [2 x %struct.P] undef, align 4
@dst = internal addrspace(3) global [2 x %struct.P] undef, align 4
@zero = internal addrspace(3) global [4 x i32] undef, align 4

; CHECK-LABEL: define void @main()
; memcpy of 16 bytes: the four scalars, all loaded, then stored.
; CHECK: %[[L0:[0-9]+]] = load float, ptr addrspace(3) @src, align 4
; CHECK: %[[L3:[0-9]+]] = load i32, ptr addrspace(3) getelementptr inbounds ([2 x %struct.P], ptr addrspace(3) @src, i32 0, i32 1, i32 1), align 4
; CHECK: store float %[[L0]], ptr addrspace(3) @dst, align 4
; CHECK: store i32 %[[L3]], ptr addrspace(3) getelementptr inbounds ([2 x %struct.P], ptr addrspace(3) @dst, i32 0, i32 1, i32 1), align 4
; memset of 16 bytes of 1: each i32 is 0x01010101.
; CHECK: store i32 16843009, ptr addrspace(3) @zero, align 4
; CHECK: store i32 16843009, ptr addrspace(3) getelementptr inbounds ([4 x i32], ptr addrspace(3) @zero, i32 0, i32 3), align 4
; CHECK-NOT: @llvm.mem
; CUT: error: cannot write DXIL bitcode: function @main, `tail call void @llvm.memcpy.p3.p3.i32({{.*}}, i32 6, i1 false)`: this LLVM intrinsic is not DXIL
define void @main() local_unnamed_addr #0 {
entry:
  %out = tail call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str)
  %gi = tail call i32 @llvm.dx.flattened.thread.id.in.group()
  %i = and i32 %gi, 1
  %ps = getelementptr inbounds nuw [2 x %struct.P], ptr addrspace(3) @src, i32 0, i32 %i, i32 1
  store i32 %gi, ptr addrspace(3) %ps, align 4
  %pf = getelementptr inbounds nuw [2 x %struct.P], ptr addrspace(3) @src, i32 0, i32 %i, i32 0
  %f = uitofp i32 %gi to float
  store float %f, ptr addrspace(3) %pf, align 4
  tail call void @llvm.dx.group.memory.barrier.with.group.sync()
  tail call void @llvm.memcpy.p3.p3.i32(ptr addrspace(3) align 4 @dst, ptr addrspace(3) align 4 @src, i32 16, i1 false)
  tail call void @llvm.memset.p3.i32(ptr addrspace(3) align 4 @zero, i8 1, i32 16, i1 false)
  %pd = getelementptr inbounds nuw [2 x %struct.P], ptr addrspace(3) @dst, i32 0, i32 %i, i32 1
  %d = load i32, ptr addrspace(3) %pd, align 4
  %pz = getelementptr inbounds nuw [4 x i32], ptr addrspace(3) @zero, i32 0, i32 %i
  %z = load i32, ptr addrspace(3) %pz, align 4
  %sum = add i32 %d, %z
  %po = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0) %out, i32 %gi)
  store i32 %sum, ptr %po, align 4
  ret void
}

declare i32 @llvm.dx.flattened.thread.id.in.group()
declare void @llvm.dx.group.memory.barrier.with.group.sync()
declare void @llvm.memcpy.p3.p3.i32(ptr addrspace(3), ptr addrspace(3), i32, i1)
declare void @llvm.memset.p3.i32(ptr addrspace(3), i8, i32, i1)
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0), i32)

attributes #0 = { "hlsl.numthreads"="32,1,1" "hlsl.shader"="compute" }
