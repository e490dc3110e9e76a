; A local array of three-lane vectors (lower_flatten_arrays.c, vectors):
; clang -O0 keeps `half3 v[4]` in an alloca. In DXC's datalayout a
; <3 x half> takes four halves (its padding), so the flat array has four
; slots per vector and the lane at byte offset o is element o / 2: the
; last lane of the last vector is element 14, inside [16 x half] (DXC:
; "Access to out-of-bounds memory is disallowed" for [12 x half]). An
; access at a constant index is a GEP instruction of the alloca, never a
; constant expression using it (LLVM's verifier: "Use of instruction is
; not an instruction").
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.2-pc-shadermodel6.2-compute"

@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1

; CHECK-LABEL: define void @main()
; CHECK: %v = alloca [16 x half]
; CHECK: getelementptr inbounds [16 x half], ptr %v, i32 0, i32 14
; CHECK-NOT: getelementptr inbounds [16 x half], ptr %v, i32 0, i32 1{{[5-9]}}
; CHECK: ret void
define void @main() local_unnamed_addr #0 {
entry:
  %v = alloca [4 x <3 x half>], align 2
  %out = tail call target("dx.RawBuffer", half, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_f16_1_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str)
  %gi = tail call i32 @llvm.dx.flattened.thread.id.in.group()
  %h = uitofp i32 %gi to half
  %p3 = getelementptr inbounds [4 x <3 x half>], ptr %v, i32 0, i32 3
  %a = insertelement <3 x half> poison, half %h, i32 0
  %b = insertelement <3 x half> %a, half %h, i32 1
  %c = insertelement <3 x half> %b, half %h, i32 2
  store <3 x half> %c, ptr %p3, align 2
  %pi = getelementptr inbounds [4 x <3 x half>], ptr %v, i32 0, i32 %gi
  %w = load <3 x half>, ptr %pi, align 2
  %z = extractelement <3 x half> %w, i32 2
  %p = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f16_1_0t(target("dx.RawBuffer", half, 1, 0) %out, i32 %gi)
  store half %z, ptr %p, align 2
  ret void
}

declare i32 @llvm.dx.flattened.thread.id.in.group()
declare target("dx.RawBuffer", half, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_f16_1_0t(i32, i32, i32, i32, ptr)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f16_1_0t(target("dx.RawBuffer", half, 1, 0), i32)

attributes #0 = { "hlsl.numthreads"="32,1,1" "hlsl.shader"="compute" }
