target triple = "dxilv1.6-pc-shadermodel6.6-compute"
@U.name = private unnamed_addr constant [4 x i8] c"Vel\00"
define void @main() #0 {
  %u = call target("dx.TypedBuffer", <2 x float>, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_v2f32_1_0_0t(i32 0, i32 0, i32 1, i32 0, ptr @U.name)
  call void @llvm.dx.resource.store.typedbuffer.tdx.TypedBuffer_v2f32_1_0_0t.v2f32(target("dx.TypedBuffer", <2 x float>, 1, 0, 0) %u, i32 0, <2 x float> zeroinitializer)
  ret void
}
declare target("dx.TypedBuffer", <2 x float>, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_v2f32_1_0_0t(i32, i32, i32, i32, ptr)
declare void @llvm.dx.resource.store.typedbuffer.tdx.TypedBuffer_v2f32_1_0_0t.v2f32(target("dx.TypedBuffer", <2 x float>, 1, 0, 0), i32, <2 x float>)
attributes #0 = { "hlsl.numthreads"="1,1,1" "hlsl.shader"="compute" }
