; Struct results: UAddc's %dx.types.i32c becomes uadd.with.overflow's
; literal {i32, i1}, SplitDouble's %dx.types.splitdouble the literal
; {i32, i32} of llvm.dx.splitdouble; extractvalue users read the new call
; and any other user gets the named struct rebuilt. MakeDouble maps to
; llvm.dx.asdouble. UMul has no LLVM 22 form and stays.
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll

; CHECK-LABEL: define i32 @structs(i32 %a, i32 %b, double %d)
; CHECK-NEXT: [[ADD:%.*]] = call { i32, i1 } @llvm.uadd.with.overflow.i32(i32 %a, i32 %b)
; CHECK-NEXT: %sum = extractvalue { i32, i1 } [[ADD]], 0
; CHECK-NEXT: %carry = extractvalue { i32, i1 } [[ADD]], 1
; CHECK-NEXT: [[SPLIT:%.*]] = call { i32, i32 } @llvm.dx.splitdouble.i32(double %d)
; CHECK-NEXT: [[F0:%.*]] = extractvalue { i32, i32 } [[SPLIT]], 0
; CHECK-NEXT: [[S0:%.*]] = insertvalue %dx.types.splitdouble poison, i32 [[F0]], 0
; CHECK-NEXT: [[F1:%.*]] = extractvalue { i32, i32 } [[SPLIT]], 1
; CHECK-NEXT: [[S1:%.*]] = insertvalue %dx.types.splitdouble [[S0]], i32 [[F1]], 1
; CHECK-NEXT: %lo = extractvalue { i32, i32 } [[SPLIT]], 0
; CHECK-NEXT: call void @use(%dx.types.splitdouble [[S1]])
; CHECK-NEXT: %back = call fast double @llvm.dx.asdouble.i32(i32 %lo, i32 %sum)
; CHECK-NEXT: %mul = call %dx.types.twoi32 @dx.op.binaryWithTwoOuts.i32(i32 42, i32 %a, i32 %b)

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.i32c = type { i32, i1 }
%dx.types.splitdouble = type { i32, i32 }
%dx.types.twoi32 = type { i32, i32 }

define i32 @structs(i32 %a, i32 %b, double %d) {
  %add = call %dx.types.i32c @dx.op.binaryWithCarryOrBorrow.i32(i32 44, i32 %a, i32 %b)
  %sum = extractvalue %dx.types.i32c %add, 0
  %carry = extractvalue %dx.types.i32c %add, 1
  %split = call %dx.types.splitdouble @dx.op.splitDouble.f64(i32 102, double %d)
  %lo = extractvalue %dx.types.splitdouble %split, 0
  call void @use(%dx.types.splitdouble %split)
  %back = call double @dx.op.makeDouble.f64(i32 101, i32 %lo, i32 %sum)
  %mul = call %dx.types.twoi32 @dx.op.binaryWithTwoOuts.i32(i32 42, i32 %a, i32 %b)
  %hi = extractvalue %dx.types.twoi32 %mul, 0
  %c = zext i1 %carry to i32
  %r = add i32 %hi, %c
  ret i32 %r
}

declare void @use(%dx.types.splitdouble)
declare %dx.types.i32c @dx.op.binaryWithCarryOrBorrow.i32(i32, i32, i32) #0
declare %dx.types.splitdouble @dx.op.splitDouble.f64(i32, double) #0
declare double @dx.op.makeDouble.f64(i32, i32, i32) #0
declare %dx.types.twoi32 @dx.op.binaryWithTwoOuts.i32(i32, i32, i32) #0

attributes #0 = { nounwind memory(none) }
