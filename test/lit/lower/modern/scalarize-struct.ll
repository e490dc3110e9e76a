; A vector call whose result is a struct of vectors (clang 22's AddUint64
; on uint4 is llvm.uadd.with.overflow.v2i32, asuint/splitdouble on double4
; is llvm.dx.splitdouble.v4i32) becomes one call per lane returning the
; struct of the lanes before DXIL 1.9 (UAddc and SplitDouble have scalar
; overloads only); each extractvalue of a field reads that field's lanes.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; Only the vector arguments of the helpers are left for --check to refuse.
; RUN: not %dxil-upgrade --check %t.ll 2> %t.val
; RUN: %FileCheck %s --check-prefix=VALID < %t.val
; VALID: [Instr.Allowed]
; VALID-NOT: {{\[(Sm|Decl|Types|Flow)\.}}
target triple = "dxilv1.3-pc-shadermodel6.3-compute"

define void @main() #0 {
  ret void
}
attributes #0 = { "hlsl.shader"="compute" "hlsl.numthreads"="1,1,1" }

; CHECK-LABEL: define i32 @add64(
; CHECK:      call %dx.types.i32c @dx.op.binaryWithCarryOrBorrow.i32(i32 44, i32 %a.i0, i32 %b.i0)
; CHECK:      [[C1:%.*]] = call %dx.types.i32c @dx.op.binaryWithCarryOrBorrow.i32(i32 44, i32 %a.i1, i32 %b.i1)
; CHECK-NEXT: [[LO:%.*]] = extractvalue %dx.types.i32c [[C1]], 0
; CHECK-NEXT: [[CY:%.*]] = extractvalue %dx.types.i32c [[C1]], 1
; CHECK-NEXT: %c.i1 = zext i1 [[CY]] to i32
; CHECK-NEXT: %t.i1 = add i32 [[LO]], %c.i1
; CHECK-NEXT: ret i32 %t.i1
define i32 @add64(<2 x i32> %a, <2 x i32> %b) {
  %s = call { <2 x i32>, <2 x i1> } @llvm.uadd.with.overflow.v2i32(<2 x i32> %a, <2 x i32> %b)
  %lo = extractvalue { <2 x i32>, <2 x i1> } %s, 0
  %carry = extractvalue { <2 x i32>, <2 x i1> } %s, 1
  %c = zext <2 x i1> %carry to <2 x i32>
  %t = add <2 x i32> %lo, %c
  %r = extractelement <2 x i32> %t, i64 1
  ret i32 %r
}

; CHECK-LABEL: define i32 @split(
; CHECK-COUNT-3: call %dx.types.splitdouble @dx.op.splitDouble.f64(i32 102, double %d.i{{[0-2]}})
; CHECK:      [[S3:%.*]] = call %dx.types.splitdouble @dx.op.splitDouble.f64(i32 102, double %d.i3)
; CHECK-NEXT: [[L3:%.*]] = extractvalue %dx.types.splitdouble [[S3]], 0
; CHECK-NEXT: [[H3:%.*]] = extractvalue %dx.types.splitdouble [[S3]], 1
; CHECK-NEXT: %x.i3 = xor i32 [[L3]], [[H3]]
define i32 @split(<4 x double> %d) {
  %p = call { <4 x i32>, <4 x i32> } @llvm.dx.splitdouble.v4i32(<4 x double> %d)
  %lo = extractvalue { <4 x i32>, <4 x i32> } %p, 0
  %hi = extractvalue { <4 x i32>, <4 x i32> } %p, 1
  %x = xor <4 x i32> %lo, %hi
  %r = extractelement <4 x i32> %x, i64 3
  ret i32 %r
}

; A use other than extractvalue gets the struct put together again.
; CHECK-LABEL: define { <2 x i32>, <2 x i1> } @whole(
; CHECK-COUNT-2: call %dx.types.i32c @dx.op.binaryWithCarryOrBorrow.i32(
; CHECK:      [[F0:%.*]] = insertvalue { <2 x i32>, <2 x i1> } {{.*}}, <2 x i32> %{{.*}}, 0
; CHECK:      [[F1:%.*]] = insertvalue { <2 x i32>, <2 x i1> } [[F0]], <2 x i1> %{{.*}}, 1
; CHECK-NEXT: ret { <2 x i32>, <2 x i1> } [[F1]]
define { <2 x i32>, <2 x i1> } @whole(<2 x i32> %a, <2 x i32> %b) {
  %s = call { <2 x i32>, <2 x i1> } @llvm.uadd.with.overflow.v2i32(<2 x i32> %a, <2 x i32> %b)
  ret { <2 x i32>, <2 x i1> } %s
}
