; implicit-binding: resources clang 22 declares without a register come as
; handlefromimplicitbinding(order, space, range, index, name); each gets the
; lowest free range of its class in its space, in order-ID order, around
; the explicit bindings (b0; u0 and u2), as LLVM's DXILResourceImplicitBinding
; does: B -> b1, C -> b2 (range 2: b2-b3), X -> u1, Y -> u3. Two calls of
; one order ID are one resource. Without the pass the calls are leftovers.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; CHECK-NOT: implicitbinding
; CHECK-DAG: !{i32 {{[0-9]+}}, ptr undef, !"X", i32 0, i32 1, i32 1, i32 10,
; CHECK-DAG: !{i32 {{[0-9]+}}, ptr undef, !"Y", i32 0, i32 3, i32 1, i32 10,
; CHECK-DAG: !{i32 {{[0-9]+}}, ptr undef, !"A", i32 0, i32 0, i32 1, i32 4, null}
; CHECK-DAG: !{i32 {{[0-9]+}}, ptr undef, !"B", i32 0, i32 1, i32 1, i32 4, null}
; CHECK-DAG: !{i32 {{[0-9]+}}, ptr undef, !"C", i32 0, i32 2, i32 2, i32 4, null}
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

%A = type <{ float }>

@A.str = private unnamed_addr constant [2 x i8] c"A\00", align 1
@B.str = private unnamed_addr constant [2 x i8] c"B\00", align 1
@C.str = private unnamed_addr constant [2 x i8] c"C\00", align 1
@U0.str = private unnamed_addr constant [3 x i8] c"U0\00", align 1
@U2.str = private unnamed_addr constant [3 x i8] c"U2\00", align 1
@X.str = private unnamed_addr constant [2 x i8] c"X\00", align 1
@Y.str = private unnamed_addr constant [2 x i8] c"Y\00", align 1

define void @main() #0 {
  %a = call target("dx.CBuffer", %A) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s_Ast(i32 0, i32 0, i32 1, i32 0, ptr @A.str)
  %c = call target("dx.CBuffer", %A) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s_Ast(i32 1, i32 0, i32 2, i32 0, ptr @C.str)
  %b = call target("dx.CBuffer", %A) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s_Ast(i32 0, i32 0, i32 1, i32 0, ptr @B.str)
  %wa = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s_Ast(target("dx.CBuffer", %A) %a, i32 0)
  %ra = extractvalue { float, float, float, float } %wa, 0
  %wb = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s_Ast(target("dx.CBuffer", %A) %b, i32 0)
  %rb = extractvalue { float, float, float, float } %wb, 0
  %wc = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s_Ast(target("dx.CBuffer", %A) %c, i32 0)
  %rc = extractvalue { float, float, float, float } %wc, 0
  %u0 = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 0, i32 1, i32 0, ptr @U0.str)
  %u2 = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 2, i32 1, i32 0, ptr @U2.str)
  %x = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefromimplicitbinding.tdx.TypedBuffer_f32_1_0_0t(i32 2, i32 0, i32 1, i32 0, ptr @X.str)
  %y = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefromimplicitbinding.tdx.TypedBuffer_f32_1_0_0t(i32 3, i32 0, i32 1, i32 0, ptr @Y.str)
  %y2 = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefromimplicitbinding.tdx.TypedBuffer_f32_1_0_0t(i32 3, i32 0, i32 1, i32 0, ptr @Y.str)
  call void @llvm.dx.resource.store.typedbuffer.tdx.TypedBuffer_f32_1_0_0t.f32(target("dx.TypedBuffer", float, 1, 0, 0) %u0, i32 0, float %ra)
  call void @llvm.dx.resource.store.typedbuffer.tdx.TypedBuffer_f32_1_0_0t.f32(target("dx.TypedBuffer", float, 1, 0, 0) %u2, i32 0, float %rb)
  call void @llvm.dx.resource.store.typedbuffer.tdx.TypedBuffer_f32_1_0_0t.f32(target("dx.TypedBuffer", float, 1, 0, 0) %x, i32 0, float %rc)
  call void @llvm.dx.resource.store.typedbuffer.tdx.TypedBuffer_f32_1_0_0t.f32(target("dx.TypedBuffer", float, 1, 0, 0) %y, i32 0, float %rc)
  call void @llvm.dx.resource.store.typedbuffer.tdx.TypedBuffer_f32_1_0_0t.f32(target("dx.TypedBuffer", float, 1, 0, 0) %y2, i32 1, float %rc)
  ret void
}

attributes #0 = { "hlsl.numthreads"="1,1,1" "hlsl.shader"="compute" }
