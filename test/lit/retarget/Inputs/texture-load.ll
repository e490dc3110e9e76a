target triple = "dxilv1.6-pc-shadermodel6.6-compute"
%dx.types.Handle = type { ptr }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
@T.name = private unnamed_addr constant [4 x i8] c"Tex\00"
define void @main() #0 {
  %tex = call target("dx.Texture", <4 x float>, 0, 0, 0, 2) @llvm.dx.resource.handlefrombinding.tdx.Texture_v4f32_0_0_0_2t(i32 0, i32 0, i32 1, i32 0, ptr @T.name)
  %h = call %dx.types.Handle @llvm.dx.resource.casthandle.s_dx.types.Handles.tdx.Texture_v4f32_0_0_0_2t(target("dx.Texture", <4 x float>, 0, 0, 0, 2) %tex)
  %l = call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle %h, i32 0, i32 0, i32 0, i32 undef, i32 undef, i32 undef, i32 undef)
  ret void
}
declare target("dx.Texture", <4 x float>, 0, 0, 0, 2) @llvm.dx.resource.handlefrombinding.tdx.Texture_v4f32_0_0_0_2t(i32, i32, i32, i32, ptr)
declare %dx.types.Handle @llvm.dx.resource.casthandle.s_dx.types.Handles.tdx.Texture_v4f32_0_0_0_2t(target("dx.Texture", <4 x float>, 0, 0, 0, 2))
declare %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i32)
attributes #0 = { "hlsl.numthreads"="1,1,1" "hlsl.shader"="compute" }
