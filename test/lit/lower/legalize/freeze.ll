; freeze (legalize/legal_freeze.c): LLVM 22's instcombine reuses a value that
; could be poison behind a `freeze` (x - (x / 7) * 7 for x % 7 beside the
; quotient); LLVM 3.7 has no freeze, and DXIL gives undefined values no
; poison semantics to stop, so each freeze is its operand.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-compute"

@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1

; CHECK-LABEL: define void @main()
; CHECK-NOT: freeze
; CHECK: %[[GI:[0-9]+]] = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
; CHECK-NEXT: %div = udiv i32 %[[GI]], 7
; CHECK-NEXT: %mul = mul i32 %div, 7
; CHECK-NEXT: %rem = sub i32 %[[GI]], %mul
; CHECK-NOT: freeze
define void @main() local_unnamed_addr #0 {
entry:
  %out = tail call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str)
  %gi = tail call i32 @llvm.dx.flattened.thread.id.in.group()
  %gi.fr = freeze i32 %gi
  %div = udiv i32 %gi.fr, 7
  %mul = mul i32 %div, 7
  %rem = sub i32 %gi.fr, %mul
  %sum = add i32 %div, %rem
  %p = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0) %out, i32 %gi)
  store i32 %sum, ptr %p, align 4
  ret void
}

declare i32 @llvm.dx.flattened.thread.id.in.group()
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0), i32)

attributes #0 = { "hlsl.numthreads"="32,1,1" "hlsl.shader"="compute" }
