; Undefined operands (legalize/legal_undef.c): DXC's validator rejects an
; undef or poison operand outside a phi, insertelement's vector, the second
; vector of a shufflevector and a store's value ("Instructions should not
; read uninitialized value"). clang 22 writes a matrix row stored through a
; dynamic index as a select over the lanes of an undef matrix, and the
; optimizer folds a read of an uninitialized local to undef. A select with
; one undefined arm is its other arm; any other undefined operand is zero.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-compute"

@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1

; CHECK-LABEL: define void @main()
; CHECK: %[[GI:[0-9]+]] = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
; CHECK: %is0 = icmp eq i32 %[[GI]], 0
; CHECK-NOT: select
; CHECK: %sum = add i32 %[[GI]], 0
; CHECK: %more = add i32 %sum, 0
; CHECK: %fl = fadd float 0.000000e+00, 1.000000e+00
; CHECK: %lane = phi i32 [ %[[GI]], %entry ], [ undef, %other ]
; CHECK-NOT: undef
; dx.op calls take undef for the operands they do not use
; CHECK: call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %{{[0-9]+}}, i32 %[[GI]], i32 0, i32 %all2, i32 undef
; CHECK-NEXT: ret void
define void @main() local_unnamed_addr #0 {
entry:
  %out = tail call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str)
  %gi = tail call i32 @llvm.dx.flattened.thread.id.in.group()
  %is0 = icmp eq i32 %gi, 0
  %row = select i1 %is0, i32 %gi, i32 undef
  %sum = add i32 %row, undef
  %more = add i32 %sum, poison
  %fl = fadd float undef, 1.0
  %fi = fptoui float %fl to i32
  br i1 %is0, label %join, label %other

other:
  br label %join

join:
  %lane = phi i32 [ %gi, %entry ], [ undef, %other ]
  %all = add i32 %more, %lane
  %all2 = add i32 %all, %fi
  %p = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0) %out, i32 %gi)
  store i32 %all2, ptr %p, align 4
  ret void
}

declare i32 @llvm.dx.flattened.thread.id.in.group()
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0), i32)

attributes #0 = { "hlsl.numthreads"="32,1,1" "hlsl.shader"="compute" }
