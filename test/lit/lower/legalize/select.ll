; Selects and phis of pointers (legalize/legal_select.c): instcombine turns
; `c ? a[i] : b[i]` into a load of `select c, &a[i], &b[i]`, and
; simplifycfg a load after a branch into a load of a phi of pointers. DXC
; requires each groupshared address to come from one global ("TGSM
; pointers must originate from an unambiguous TGSM global variable"), and
; a typed pointer cannot be two objects' at once: the load of a select is
; a select of two loads, the load of a phi a phi of loads made at the ends
; of the predecessors. A store through such a pointer would need a branch:
; it is left, and the writer refuses it.
; RUN: split-file %s %t
; RUN: %dxil-lower %t/load.ll -o %t/load.out.ll
; RUN: %FileCheck %s < %t/load.out.ll
; RUN: %dxil-lower %t/load.ll -o %t/load.dxil
; RUN: %dxil-upgrade --check %t/load.dxil
; RUN: %expect-exit 1 %dxil-lower %t/store.ll -o %t/store.dxil 2>&1 | %FileCheck %s --check-prefix=STORE
; RUN: test ! -e %t/store.dxil

; CHECK-LABEL: define void @main()
; The select of two addresses: a load of each, and a select of the values.
; CHECK: %pa = getelementptr inbounds nuw [64 x i32], ptr addrspace(3) @a, i32 0, i32 %i
; CHECK-NEXT: %pb = getelementptr inbounds nuw [64 x i32], ptr addrspace(3) @b, i32 0, i32 %i
; CHECK-NEXT: %[[LA:[0-9]+]] = load i32, ptr addrspace(3) %pa, align 4
; CHECK-NEXT: %[[LB:[0-9]+]] = load i32, ptr addrspace(3) %pb, align 4
; CHECK-NEXT: %v = select i1 %c, i32 %[[LA]], i32 %[[LB]]
; The phi of two addresses: each predecessor loads its own.
; CHECK: left:
; CHECK: %[[L1:[0-9]+]] = load i32, ptr addrspace(3) %pl, align 4
; CHECK-NEXT: br label %join
; CHECK: right:
; CHECK: %[[L2:[0-9]+]] = load i32, ptr addrspace(3) %pr, align 4
; CHECK-NEXT: br label %join
; CHECK: join:
; CHECK-NEXT: %w = phi i32 [ %[[L1]], %left ], [ %[[L2]], %right ]
; CHECK-NOT: select i1 %c, ptr
; CHECK-NOT: phi ptr
; STORE: store.ll: error: cannot write DXIL bitcode: function @main, `%p = select i1 %c, ptr addrspace(3) %pa, ptr addrspace(3) %pb`: a groupshared pointer that does not come from one groupshared global through GEPs and casts
;--- load.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-compute"

@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1
@a = internal addrspace(3) global [64 x i32] undef, align 4
@b = internal addrspace(3) global [64 x i32] undef, align 4

define void @main() local_unnamed_addr #0 {
entry:
  %out = tail call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str)
  %gi = tail call i32 @llvm.dx.flattened.thread.id.in.group()
  %arrayidx = getelementptr inbounds nuw [64 x i32], ptr addrspace(3) @a, i32 0, i32 %gi
  store i32 %gi, ptr addrspace(3) %arrayidx, align 4
  %mul = shl i32 %gi, 1
  %arrayidx2 = getelementptr inbounds nuw [64 x i32], ptr addrspace(3) @b, i32 0, i32 %gi
  store i32 %mul, ptr addrspace(3) %arrayidx2, align 4
  tail call void @llvm.dx.group.memory.barrier.with.group.sync()
  %i = xor i32 %gi, 1
  %c = icmp ult i32 %gi, 32
  %pa = getelementptr inbounds nuw [64 x i32], ptr addrspace(3) @a, i32 0, i32 %i
  %pb = getelementptr inbounds nuw [64 x i32], ptr addrspace(3) @b, i32 0, i32 %i
  %p = select i1 %c, ptr addrspace(3) %pa, ptr addrspace(3) %pb
  %v = load i32, ptr addrspace(3) %p, align 4
  %odd = trunc i32 %gi to i1
  br i1 %odd, label %left, label %right

left:
  %pl = getelementptr inbounds nuw [64 x i32], ptr addrspace(3) @a, i32 0, i32 %v
  br label %join

right:
  %pr = getelementptr inbounds nuw [64 x i32], ptr addrspace(3) @b, i32 0, i32 %i
  br label %join

join:
  %q = phi ptr addrspace(3) [ %pl, %left ], [ %pr, %right ]
  %w = load i32, ptr addrspace(3) %q, align 4
  %sum = add i32 %v, %w
  %po = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0) %out, i32 %gi)
  store i32 %sum, ptr %po, align 4
  ret void
}

declare i32 @llvm.dx.flattened.thread.id.in.group()
declare void @llvm.dx.group.memory.barrier.with.group.sync()
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0), i32)

attributes #0 = { "hlsl.numthreads"="64,1,1" "hlsl.shader"="compute" }
;--- store.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-compute"

@a = internal addrspace(3) global [64 x i32] undef, align 4
@b = internal addrspace(3) global [64 x i32] undef, align 4

define void @main() local_unnamed_addr #0 {
entry:
  %gi = tail call i32 @llvm.dx.flattened.thread.id.in.group()
  %c = icmp ult i32 %gi, 32
  %pa = getelementptr inbounds nuw [64 x i32], ptr addrspace(3) @a, i32 0, i32 %gi
  %pb = getelementptr inbounds nuw [64 x i32], ptr addrspace(3) @b, i32 0, i32 %gi
  %p = select i1 %c, ptr addrspace(3) %pa, ptr addrspace(3) %pb
  store i32 %gi, ptr addrspace(3) %p, align 4
  ret void
}

declare i32 @llvm.dx.flattened.thread.id.in.group()

attributes #0 = { "hlsl.numthreads"="64,1,1" "hlsl.shader"="compute" }
