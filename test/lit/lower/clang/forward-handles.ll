; forward-handles: clang 22 keeps a global resource's handle in an internal
; global of the HLSL class; the handle stored into a field dominates its
; loads, which become the stored value; the global and its stores go. In a
; library (a shader inlines its helpers) a helper clang did not inline
; gets the binding call again at its entry. A
; load from a field stored twice is an error naming it.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; RUN: sed 's/^  ; TWICE //' %s > %t.twice.ll
; RUN: %expect-exit 1 %dxil-lower %t.twice.ll -o %t.out.ll 2>&1 | %FileCheck %s --check-prefix=TWICE
; CHECK-NOT: @_ZL1B
; CHECK-LABEL: define void @main()
; CHECK: [[H:%.*]] = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }
; CHECK: [[A:%.*]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle [[H]]
; CHECK: call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle [[A]],
; CHECK-LABEL: define internal void @helper(
; CHECK: [[H2:%.*]] = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }
; CHECK: [[A2:%.*]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle [[H2]]
; CHECK: call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle [[A2]], i32 %i,
; TWICE: error: @main: `%hh = load target("dx.TypedBuffer", float, 1, 0, 0), ptr @_ZL1B, align 4`: a resource handle loaded from memory cannot be lowered: more than one handle is stored there [DXIL6000]
target triple = "dxilv1.6-pc-shadermodel6.6-library"

%"class.hlsl::RWBuffer" = type { target("dx.TypedBuffer", float, 1, 0, 0) }

@_ZL1B = internal global %"class.hlsl::RWBuffer" poison, align 4
@.str = private unnamed_addr constant [2 x i8] c"B\00", align 1

define void @main() #0 {
entry:
  %h = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 0, i32 1, i32 0, ptr @.str)
  store target("dx.TypedBuffer", float, 1, 0, 0) %h, ptr @_ZL1B, align 4
  ; TWICE store target("dx.TypedBuffer", float, 1, 0, 0) %h, ptr @_ZL1B, align 4
  %gi = call i32 @llvm.dx.flattened.thread.id.in.group()
  %hh = load target("dx.TypedBuffer", float, 1, 0, 0), ptr @_ZL1B, align 4
  call void @llvm.dx.resource.store.typedbuffer.tdx.TypedBuffer_f32_1_0_0t.f32(target("dx.TypedBuffer", float, 1, 0, 0) %hh, i32 %gi, float 1.0)
  call void @helper(i32 %gi)
  ret void
}

define hidden void @helper(i32 %i) #1 {
entry:
  %h = load target("dx.TypedBuffer", float, 1, 0, 0), ptr @_ZL1B, align 4
  call void @llvm.dx.resource.store.typedbuffer.tdx.TypedBuffer_f32_1_0_0t.f32(target("dx.TypedBuffer", float, 1, 0, 0) %h, i32 %i, float 2.0)
  ret void
}

attributes #0 = { "hlsl.numthreads"="1,1,1" "hlsl.shader"="compute" }
attributes #1 = { noinline }
