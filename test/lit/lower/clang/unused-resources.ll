; unused-resources: a declared resource nothing reads or writes (clang
; -O0 still makes its handle) gets no handle and no record, as DXC drops
; unused resources; the used one keeps both.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; CHECK-COUNT-1: @dx.op.createHandleFromBinding(i32 217,
; CHECK-NOT: @dx.op.createHandleFromBinding(i32 217,
; CHECK: !"Used"
; CHECK-NOT: !"Unused"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

@Used.str = private unnamed_addr constant [5 x i8] c"Used\00", align 1
@Unused.str = private unnamed_addr constant [7 x i8] c"Unused\00", align 1

define void @main() #0 {
  %u = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 0, i32 1, i32 0, ptr @Used.str)
  %x = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 1, i32 1, i32 0, ptr @Unused.str)
  call void @llvm.dx.resource.store.typedbuffer.tdx.TypedBuffer_f32_1_0_0t.f32(target("dx.TypedBuffer", float, 1, 0, 0) %u, i32 0, float 1.0)
  ret void
}

attributes #0 = { "hlsl.numthreads"="1,1,1" "hlsl.shader"="compute" }
