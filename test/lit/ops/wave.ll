; Wave ops: queries and votes map directly; WaveActiveOp picks its
; reduction from the constant kind and signedness operands (the table's
; selector values); the ballot's %dx.types.fouri32 becomes <4 x i32>.
; Products (kind 1) have no LLVM 22 intrinsic and stay dx.op calls.
; RUN: %dxil-upgrade --verify --stats %s -o %t.ll > %t.stats
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck --check-prefix=STATS %s < %t.stats

; CHECK-LABEL: define i32 @wave(i32 %x, float %f, i1 %c)
; CHECK-NEXT: %conv.entry = call token @llvm.experimental.convergence.entry()
; CHECK-NEXT: %first = call i1 @llvm.dx.wave.is.first.lane()
; CHECK-NEXT: %lane = call i32 @llvm.dx.wave.getlaneindex()
; CHECK-NEXT: %count = call i32 @llvm.dx.wave.get.lane.count()
; CHECK-NEXT: %any = call i1 @llvm.dx.wave.any(i1 %c)
; CHECK-NEXT: %all = call i1 @llvm.dx.wave.all(i1 %c)
; CHECK-NEXT: %read = call i32 @llvm.dx.wave.readlane.i32(i32 %x, i32 %lane)
; CHECK-NEXT: %sum = call i32 @llvm.dx.wave.reduce.sum.i32(i32 %x)
; CHECK-NEXT: %usum = call i32 @llvm.dx.wave.reduce.usum.i32(i32 %x)
; CHECK-NEXT: %min = call i32 @llvm.dx.wave.reduce.min.i32(i32 %x)
; CHECK-NEXT: %umin = call i32 @llvm.dx.wave.reduce.umin.i32(i32 %x)
; CHECK-NEXT: %max = call i32 @llvm.dx.wave.reduce.max.i32(i32 %x)
; CHECK-NEXT: %umax = call i32 @llvm.dx.wave.reduce.umax.i32(i32 %x)
; CHECK-NEXT: %fsum = call fast float @llvm.dx.wave.reduce.sum.f32(float %f)
; CHECK-NEXT: %prod = call i32 @dx.op.waveActiveOp.i32(i32 119, i32 %x, i8 1, i8 0)
; CHECK-NEXT: [[B:%.*]] = call <4 x i32> @llvm.dx.wave.ballot(i1 %c)
; CHECK-NEXT: %b0 = extractelement <4 x i32> [[B]], i32 0
; CHECK-NEXT: %b3 = extractelement <4 x i32> [[B]], i32 3
; CHECK-NEXT: %bits = call i32 @llvm.dx.wave.active.countbits(i1 %c)

; STATS: 119 WaveActiveOp 8 7 1 no-intrinsic 1
; STATS: total: 16 calls in 1 module(s), 15 raised, 1 kept (no-intrinsic 1)

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.fouri32 = type { i32, i32, i32, i32 }

define i32 @wave(i32 %x, float %f, i1 %c) {
  %first = call i1 @dx.op.waveIsFirstLane(i32 110)
  %lane = call i32 @dx.op.waveGetLaneIndex(i32 111)
  %count = call i32 @dx.op.waveGetLaneCount(i32 112)
  %any = call i1 @dx.op.waveAnyTrue(i32 113, i1 %c)
  %all = call i1 @dx.op.waveAllTrue(i32 114, i1 %c)
  %read = call i32 @dx.op.waveReadLaneAt.i32(i32 117, i32 %x, i32 %lane)
  %sum = call i32 @dx.op.waveActiveOp.i32(i32 119, i32 %x, i8 0, i8 0)
  %usum = call i32 @dx.op.waveActiveOp.i32(i32 119, i32 %x, i8 0, i8 1)
  %min = call i32 @dx.op.waveActiveOp.i32(i32 119, i32 %x, i8 2, i8 0)
  %umin = call i32 @dx.op.waveActiveOp.i32(i32 119, i32 %x, i8 2, i8 1)
  %max = call i32 @dx.op.waveActiveOp.i32(i32 119, i32 %x, i8 3, i8 0)
  %umax = call i32 @dx.op.waveActiveOp.i32(i32 119, i32 %x, i8 3, i8 1)
  %fsum = call float @dx.op.waveActiveOp.f32(i32 119, float %f, i8 0, i8 0)
  %prod = call i32 @dx.op.waveActiveOp.i32(i32 119, i32 %x, i8 1, i8 0)
  %ballot = call %dx.types.fouri32 @dx.op.waveActiveBallot(i32 116, i1 %c)
  %b0 = extractvalue %dx.types.fouri32 %ballot, 0
  %b3 = extractvalue %dx.types.fouri32 %ballot, 3
  %bits = call i32 @dx.op.waveAllOp(i32 135, i1 %c)
  %r1 = add i32 %count, %read
  %r2 = add i32 %r1, %sum
  %r3 = add i32 %r2, %usum
  %r4 = add i32 %r3, %min
  %r5 = add i32 %r4, %umin
  %r6 = add i32 %r5, %max
  %r7 = add i32 %r6, %umax
  %r8 = add i32 %r7, %prod
  %r9 = add i32 %r8, %b0
  %r10 = add i32 %r9, %b3
  %r11 = add i32 %r10, %bits
  ret i32 %r11
}

declare i1 @dx.op.waveIsFirstLane(i32) #1
declare i32 @dx.op.waveGetLaneIndex(i32) #0
declare i32 @dx.op.waveGetLaneCount(i32) #0
declare i1 @dx.op.waveAnyTrue(i32, i1) #1
declare i1 @dx.op.waveAllTrue(i32, i1) #1
declare i32 @dx.op.waveReadLaneAt.i32(i32, i32, i32) #1
declare i32 @dx.op.waveActiveOp.i32(i32, i32, i8, i8) #1
declare float @dx.op.waveActiveOp.f32(i32, float, i8, i8) #1
declare %dx.types.fouri32 @dx.op.waveActiveBallot(i32, i1) #1
declare i32 @dx.op.waveAllOp(i32, i1) #1

attributes #0 = { nounwind memory(none) }
attributes #1 = { nounwind }
