; promote: clang 22's -O0 output (functions marked optnone) keeps locals,
; binding arguments and handles in allocas; LLVM's SROA makes them values,
; so the binding is constant and the handle's class alloca goes. optnone
; goes too. In a library (a shader inlines its helpers), a function without
; optnone is left as written (@keep's alloca stays).
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; CHECK-LABEL: define void @main()
; CHECK-NOT: alloca
; CHECK: call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 3, i32 3, i32 0, i8 1 }, i32 3, i1 false)
; CHECK: call void @dx.op.bufferStore.f32(i32 69,
; CHECK-LABEL: define internal void @keep(
; CHECK: alloca i32
; CHECK-NOT: optnone
target triple = "dxilv1.6-pc-shadermodel6.6-library"

%"class.hlsl::RWBuffer" = type { target("dx.TypedBuffer", float, 1, 0, 0) }

@.str = private unnamed_addr constant [2 x i8] c"B\00", align 1
@G = addrspace(3) global i32 0, align 4

define void @main() #0 {
entry:
  %reg = alloca i32, align 4
  %tmp = alloca %"class.hlsl::RWBuffer", align 4
  %i = alloca i32, align 4
  store i32 3, ptr %reg, align 4
  %r = load i32, ptr %reg, align 4
  %h = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 %r, i32 1, i32 0, ptr @.str)
  store target("dx.TypedBuffer", float, 1, 0, 0) %h, ptr %tmp, align 4
  %gi = call i32 @llvm.dx.flattened.thread.id.in.group()
  store i32 %gi, ptr %i, align 4
  %hh = load target("dx.TypedBuffer", float, 1, 0, 0), ptr %tmp, align 4
  %ii = load i32, ptr %i, align 4
  call void @llvm.dx.resource.store.typedbuffer.tdx.TypedBuffer_f32_1_0_0t.f32(target("dx.TypedBuffer", float, 1, 0, 0) %hh, i32 %ii, float 1.0)
  call void @keep()
  ret void
}

define hidden void @keep() #1 {
  %x = alloca i32, align 4
  store i32 1, ptr %x, align 4
  %v = load i32, ptr %x, align 4
  store i32 %v, ptr addrspace(3) @G, align 4
  ret void
}

attributes #0 = { noinline optnone "hlsl.numthreads"="1,1,1" "hlsl.shader"="compute" }
attributes #1 = { noinline }
