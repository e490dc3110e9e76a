; clang 22 at -O0 keeps a resource local in an alloca; when control flow
; assigns it (`b = Bufs[0]; if (c) b = Bufs[1];`) SROA makes a phi of
; handles, which neither LLVM's verifier nor DXIL allows. Handles of one
; binding that differ in the array index become one handle on a phi of the
; indices, the non-uniform mark kept; handles of different bindings are
; refused by name.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; RUN: sed 's/i32 0, i32 0, i32 2, i32 %one/i32 0, i32 3, i32 1, i32 0/' %s > %t.bad.ll
; RUN: not %dxil-lower %t.bad.ll -o %t.bad.out.ll 2> %t.err
; RUN: %FileCheck %s --check-prefix=BAD < %t.err
; RUN: test ! -e %t.bad.out.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.0-pc-shadermodel6.0-compute"

@.bufs = private unnamed_addr constant [5 x i8] c"Bufs\00"
@.out = private unnamed_addr constant [4 x i8] c"Out\00"

; CHECK-LABEL: define void @main(
; CHECK:      then:
; CHECK-NEXT:   br label %join
; CHECK:      join:
; CHECK-NEXT:   [[I:%.*]] = phi i32 [ 1, %then ], [ 0, %entry ]
; CHECK-NEXT:   [[H:%.*]] = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 [[I]], i1 true)
; CHECK-NEXT:   call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle [[H]],
; BAD: error: @main: `%{{.*}} = phi target("dx.RawBuffer", i32, 1, 0) {{.*}}`: a resource chosen by control flow from different bindings has no DXIL form
define void @main() #0 {
entry:
  %local = alloca target("dx.RawBuffer", i32, 1, 0), align 4
  %tid = call i32 @llvm.dx.thread.id(i32 0)
  %zero = call i32 @llvm.dx.resource.nonuniformindex(i32 0)
  %h0 = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 2, i32 %zero, ptr @.bufs)
  store target("dx.RawBuffer", i32, 1, 0) %h0, ptr %local, align 4
  %bit = and i32 %tid, 1
  %c = icmp eq i32 %bit, 0
  br i1 %c, label %then, label %join

then:
  %one = call i32 @llvm.dx.resource.nonuniformindex(i32 1)
  %h1 = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 2, i32 %one, ptr @.bufs)
  store target("dx.RawBuffer", i32, 1, 0) %h1, ptr %local, align 4
  br label %join

join:
  %h = load target("dx.RawBuffer", i32, 1, 0), ptr %local, align 4
  %p = call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0) %h, i32 %tid)
  %v = load i32, ptr %p, align 4
  %ho = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 2, i32 1, i32 0, ptr @.out)
  %q = call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0) %ho, i32 %tid)
  store i32 %v, ptr %q, align 4
  ret void
}

declare i32 @llvm.dx.thread.id(i32) #1
declare i32 @llvm.dx.resource.nonuniformindex(i32) #1
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr) #1
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0), i32) #1

attributes #0 = { noinline optnone "hlsl.numthreads"="8,1,1" "hlsl.shader"="compute" }
attributes #1 = { nounwind willreturn memory(none) }
