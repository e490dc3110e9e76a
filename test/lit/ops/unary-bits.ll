; unaryBits: Countbits becomes llvm.ctpop on the operand type with the
; result cast back to the op's i32; the firstbit ops already return i32.
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll

; CHECK-LABEL: define i32 @bits(i32 %a, i64 %b, i16 %c)
; CHECK-NEXT: %n32 = call i32 @llvm.ctpop.i32(i32 %a)
; CHECK-NEXT: [[P64:%.*]] = call i64 @llvm.ctpop.i64(i64 %b)
; CHECK-NEXT: %n64 = trunc i64 [[P64]] to i32
; CHECK-NEXT: [[P16:%.*]] = call i16 @llvm.ctpop.i16(i16 %c)
; CHECK-NEXT: %n16 = zext i16 [[P16]] to i32
; CHECK-NEXT: %lo = call i32 @llvm.dx.firstbitlow.i32(i32 %a)
; CHECK-NEXT: %hi = call i32 @llvm.dx.firstbituhigh.i64(i64 %b)
; CHECK-NEXT: %shi = call i32 @llvm.dx.firstbitshigh.i32(i32 %a)
; CHECK-NOT: dx.op.

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define i32 @bits(i32 %a, i64 %b, i16 %c) {
  %n32 = call i32 @dx.op.unaryBits.i32(i32 31, i32 %a)
  %n64 = call i32 @dx.op.unaryBits.i64(i32 31, i64 %b)
  %n16 = call i32 @dx.op.unaryBits.i16(i32 31, i16 %c)
  %lo = call i32 @dx.op.unaryBits.i32(i32 32, i32 %a)
  %hi = call i32 @dx.op.unaryBits.i64(i32 33, i64 %b)
  %shi = call i32 @dx.op.unaryBits.i32(i32 34, i32 %a)
  %s1 = add i32 %n32, %n64
  %s2 = add i32 %s1, %n16
  %s3 = add i32 %s2, %lo
  %s4 = add i32 %s3, %hi
  %s5 = add i32 %s4, %shi
  ret i32 %s5
}

declare i32 @dx.op.unaryBits.i32(i32, i32) #0
declare i32 @dx.op.unaryBits.i64(i32, i64) #0
declare i32 @dx.op.unaryBits.i16(i32, i16) #0

attributes #0 = { nounwind memory(none) }
