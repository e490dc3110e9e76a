; Which lanes run a quad op, a wave match, a derivative or a barrier
; together is part of its meaning: the raise makes each such declaration it
; keeps `convergent` (from the spec's wave, derivative, gradient and
; barrier flags; docs/ops.md "Convergence"), and each call carries the
; entry's convergence token, so that LLVM 22 neither sinks, hoists nor
; duplicates them across control flow. LLVM 22 declares llvm.dx.ddx.coarse
; without `convergent`: the call itself is. The memory barrier with group
; sync is LLVM's own convergent intrinsic.
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll

; CHECK-LABEL: define i32 @cross(
; CHECK-NEXT: %conv.entry = call token @llvm.experimental.convergence.entry()
; CHECK-NEXT: call i32 @dx.op.quadReadLaneAt.i32(i32 122, {{.*}}) [ "convergencectrl"(token %conv.entry) ]
; CHECK-NEXT: call float @dx.op.quadOp.f32(i32 123, {{.*}}) [ "convergencectrl"(token %conv.entry) ]
; CHECK-NEXT: call i1 @dx.op.quadVote.i1(i32 222, {{.*}}) [ "convergencectrl"(token %conv.entry) ]
; CHECK-NEXT: call %dx.types.fouri32 @dx.op.waveMatch.i32(i32 165, {{.*}}) [ "convergencectrl"(token %conv.entry) ]
; CHECK: call fast float @llvm.dx.ddx.coarse.f32(float %f) #[[CS:[0-9]+]] [ "convergencectrl"(token %conv.entry) ]
; CHECK-NEXT: call void @dx.op.barrierByMemoryType(i32 244, i32 1, i32 4) [ "convergencectrl"(token %conv.entry) ]
; CHECK-NEXT: call void @llvm.dx.group.memory.barrier.with.group.sync() [ "convergencectrl"(token %conv.entry) ]
; CHECK-DAG: declare i32 @dx.op.quadReadLaneAt.i32(i32, i32, i32) #[[C:[0-9]+]]
; CHECK-DAG: declare float @dx.op.quadOp.f32(i32, float, i8) #[[C]]
; CHECK-DAG: declare i1 @dx.op.quadVote.i1(i32, i1, i8) #[[C]]
; CHECK-DAG: declare %dx.types.fouri32 @dx.op.waveMatch.i32(i32, i32) #[[C]]
; CHECK-DAG: declare void @dx.op.barrierByMemoryType(i32, i32, i32) #[[C]]
; CHECK-DAG: declare void @llvm.dx.group.memory.barrier.with.group.sync() #[[G:[0-9]+]]
; CHECK-DAG: attributes #[[CS]] = { convergent }
; CHECK-DAG: attributes #[[C]] = { convergent nounwind }
; CHECK-DAG: attributes #[[G]] = { convergent {{.*}}}

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.fouri32 = type { i32, i32, i32, i32 }

define i32 @cross(i32 %x, float %f, i1 %c) {
  %q = call i32 @dx.op.quadReadLaneAt.i32(i32 122, i32 %x, i32 1)
  %qx = call float @dx.op.quadOp.f32(i32 123, float %f, i8 0)
  %qv = call i1 @dx.op.quadVote.i1(i32 222, i1 %c, i8 0)
  %m = call %dx.types.fouri32 @dx.op.waveMatch.i32(i32 165, i32 %x)
  %m0 = extractvalue %dx.types.fouri32 %m, 0
  %d = call float @dx.op.unary.f32(i32 83, float %f)
  call void @dx.op.barrierByMemoryType(i32 244, i32 1, i32 4)
  call void @dx.op.barrier(i32 80, i32 9)
  %qi = fptoui float %qx to i32
  %di = fptoui float %d to i32
  %vi = zext i1 %qv to i32
  %r1 = add i32 %q, %qi
  %r2 = add i32 %r1, %m0
  %r3 = add i32 %r2, %di
  %r4 = add i32 %r3, %vi
  ret i32 %r4
}

declare i32 @dx.op.quadReadLaneAt.i32(i32, i32, i32) #1
declare float @dx.op.quadOp.f32(i32, float, i8) #1
declare i1 @dx.op.quadVote.i1(i32, i1, i8) #1
declare %dx.types.fouri32 @dx.op.waveMatch.i32(i32, i32) #1
declare float @dx.op.unary.f32(i32, float) #0
declare void @dx.op.barrierByMemoryType(i32, i32, i32) #2
declare void @dx.op.barrier(i32, i32) #2

attributes #0 = { nounwind memory(none) }
attributes #1 = { nounwind }
attributes #2 = { noduplicate nounwind }
