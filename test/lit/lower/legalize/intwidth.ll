; Integer widths (legalize/legal_intwidth.c): instcombine narrows arithmetic
; it can prove small (sign(x) as `add nsw i8` of a zext and a sext of i1,
; a byte extracted with `trunc i32 to i8` and `lshr i8`), and DXIL has
; i1, i16, i32 and i64 only (DXC: "I8 can only be used as immediate value
; for intrinsic", "Int type 'i4' has an invalid width"). Each such value
; is carried in i32 (i64 above 32 bits), its high bits made zeros or sign
; copies where an operation reads them (right shifts, division, compares,
; widening casts).
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-compute"

@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1
@.str.2 = private unnamed_addr constant [3 x i8] c"In\00", align 1

; CHECK-LABEL: define void @main()
; CHECK-NOT: i8 %
; CHECK-NOT: i4 %
; CHECK-NOT: to i8
; CHECK-NOT: to i4
; sign(x): the i1s widened to i32 (zext and sext), added in i32, and the
; low 8 bits sign-extended for the widening sext.
; CHECK: %[[A:[a-z0-9.]+]] = zext i1 %{{.*}} to i32
; CHECK: %[[B:[a-z0-9.]+]] = sext i1 %{{.*}} to i32
; CHECK: %[[S:[a-z0-9.]+]] = add i32 %[[A]], %[[B]]
; CHECK: shl i32 %[[S]], 24
; CHECK: ashr i32 %{{.*}}, 24
; The byte: its high bits cleared before the shift reads them.
; CHECK: and i32 %{{.*}}, 255
; CHECK: lshr i32 %{{.*}}, 4
; The i4 product: its low 4 bits compared.
; CHECK: %[[M:[0-9]+]] = mul i32 %{{.*}}, 3
; CHECK-NEXT: %[[N:[0-9]+]] = and i32 %[[M]], 15
; CHECK-NEXT: icmp ult i32 %[[N]], 5
define void @main() local_unnamed_addr #0 {
entry:
  %out = tail call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str)
  %in = tail call target("dx.RawBuffer", i32, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_0_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str.2)
  %gi = tail call i32 @llvm.dx.flattened.thread.id.in.group()
  %px = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_0_0t(target("dx.RawBuffer", i32, 0, 0) %in, i32 %gi)
  %x = load i32, ptr %px, align 4
  %gt = icmp sgt i32 %x, 0
  %lt = icmp slt i32 %x, 0
  %a = zext i1 %gt to i8
  %b = sext i1 %lt to i8
  %sign = add nsw i8 %a, %b
  %sign32 = sext i8 %sign to i32
  %byte = trunc i32 %x to i8
  %hi = lshr i8 %byte, 4
  %hi32 = zext i8 %hi to i32
  %nib = trunc i32 %x to i4
  %nib2 = mul i4 %nib, 3
  %small = icmp ult i4 %nib2, 5
  %s32 = zext i1 %small to i32
  %r0 = add i32 %sign32, %hi32
  %r1 = add i32 %r0, %s32
  %po = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0) %out, i32 %gi)
  store i32 %r1, ptr %po, align 4
  ret void
}

declare i32 @llvm.dx.flattened.thread.id.in.group()
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare target("dx.RawBuffer", i32, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_0_0t(i32, i32, i32, i32, ptr)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_0_0t(target("dx.RawBuffer", i32, 0, 0), i32)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0), i32)

attributes #0 = { "hlsl.numthreads"="32,1,1" "hlsl.shader"="compute" }
