; Unused declarations and locals (legalize/legal_unused.c), removed at the
; end: an optimizer folds away the last use of a constant table (or of
; DXC's dx.break.cond), and the expansions here leave the declarations of
; what they replaced (llvm.fshl below). DXC refuses both: "External
; function 'llvm.fshl.i32' is unused", "Internal declaration '...' is
; unused". Globals with other linkage are the module's interface and stay.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-compute"

@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1
@table = internal unnamed_addr constant [4 x i32] [i32 1, i32 2, i32 4, i32 8], align 4
@scratch = internal addrspace(3) global [4 x i32] undef, align 4

; CHECK-NOT: @table
; CHECK-NOT: @scratch
; CHECK-NOT: @llvm.fshl
; CHECK-NOT: @llvm.sqrt
; CHECK: define void @main()
define void @main() local_unnamed_addr #0 {
entry:
  %out = tail call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str)
  %gi = tail call i32 @llvm.dx.flattened.thread.id.in.group()
  %r = tail call i32 @llvm.fshl.i32(i32 %gi, i32 %gi, i32 8)
  %p = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0) %out, i32 %gi)
  store i32 %r, ptr %p, align 4
  ret void
}
; CHECK-NOT: @llvm.fshl
; CHECK-NOT: @llvm.sqrt

declare i32 @llvm.dx.flattened.thread.id.in.group()
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0), i32)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare float @llvm.sqrt.f32(float)

attributes #0 = { "hlsl.numthreads"="32,1,1" "hlsl.shader"="compute" }
