; unreachable (legalize/legal_unreachable.c): LLVM 22's simplifycfg gives a
; switch whose cases cover every value an impossible default
; (`default.unreachable`); DXIL allows no unreachable in a shader (DXC:
; "Instructions must be of an allowed type"). Control never gets there, so
; the block returns instead: no new edge, no phi input. In a function with
; a value (a library helper) it returns zero.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-compute"

@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1

; CHECK-LABEL: define void @main()
; CHECK: switch i32 %sel, label %default.unreachable [
; CHECK: default.unreachable:
; CHECK-NEXT: ret void
; CHECK-NOT: unreachable{{$}}
define void @main() local_unnamed_addr #0 {
entry:
  %out = tail call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str)
  %gi = tail call i32 @llvm.dx.flattened.thread.id.in.group()
  %sel = and i32 %gi, 3
  switch i32 %sel, label %default.unreachable [
    i32 0, label %end
    i32 1, label %one
    i32 2, label %two
    i32 3, label %three
  ]

one:
  br label %end

two:
  br label %end

three:
  br label %end

default.unreachable:
  unreachable

end:
  %v = phi i32 [ 10, %entry ], [ 20, %one ], [ 30, %two ], [ 40, %three ]
  %p = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0) %out, i32 %gi)
  store i32 %v, ptr %p, align 4
  ret void
}

declare i32 @llvm.dx.flattened.thread.id.in.group()
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0), i32)

attributes #0 = { "hlsl.numthreads"="32,1,1" "hlsl.shader"="compute" }
