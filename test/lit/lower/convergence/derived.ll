; dx-break (lower_conv_restore.c) with no record: LLVM 22 moved the sum's
; block out of its loop (here: the loop exits on a wave op's result and the
; sum and store follow), but the sum's token is still the loop's. The block
; ends right after the sum (the store is split off), with DXC's guard back
; to the loop's latch, a bare branch to the header whose value there (%next)
; dominates the sum. The tokens go, and no `convergent` is left.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-compute"

@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1

; CHECK: @dx.break.cond = internal constant [1 x i32] zeroinitializer
; CHECK-LABEL: define void @main()
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[L:[0-9]+]] = load i32, ptr @dx.break.cond
; CHECK-NEXT: %[[C:[0-9]+]] = icmp eq i32 %[[L]], 0
; CHECK-NOT: token
; CHECK: loop:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %next, %latch ]
; CHECK: latch:
; CHECK-SAME: preds = %found, %loop
; CHECK-NEXT: br label %loop
; CHECK: found:
; CHECK-NEXT: %{{[0-9]+}} = call i32 @dx.op.waveActiveOp.i32(i32 119, i32 %x, i8 0, i8 1)
; CHECK-NEXT: br i1 %[[C]], label %[[REST:[0-9]+]], label %latch
; CHECK: [[REST]]:
; CHECK-NEXT: call void @dx.op.rawBufferStore.i32(
; CHECK-NEXT: ret void
; CHECK-NOT: convergence
; CHECK-NOT: convergent
define void @main() local_unnamed_addr #0 {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %out = tail call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str)
  %id = tail call i32 @llvm.dx.flattened.thread.id.in.group()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %latch ]
  %t = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  %x = add i32 %i, %id
  %first = call i32 @llvm.dx.wave.readlane.i32(i32 %x, i32 0) [ "convergencectrl"(token %t) ]
  %next = add i32 %i, 1
  %mine = icmp eq i32 %x, %first
  br i1 %mine, label %found, label %latch

latch:
  br label %loop

found:
  %s = call i32 @llvm.dx.wave.reduce.usum.i32(i32 %x) [ "convergencectrl"(token %t) ]
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %id, i32 0, i32 %s)
  ret void
}

declare token @llvm.experimental.convergence.entry()
declare token @llvm.experimental.convergence.loop()
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare i32 @llvm.dx.flattened.thread.id.in.group()
declare i32 @llvm.dx.wave.readlane.i32(i32, i32)
declare i32 @llvm.dx.wave.reduce.usum.i32(i32)
declare void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0), i32, i32, i32)

attributes #0 = { convergent "hlsl.numthreads"="64,1,1" "hlsl.shader"="compute" }
