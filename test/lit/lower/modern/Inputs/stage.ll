; Derivatives are not allowed in a vertex shader.
target triple = "dxilv1.3-pc-shadermodel6.3-vertex"

define void @main() #0 {
  %d = call float @llvm.dx.ddx.coarse.f32(float 2.0)
  ret void
}
attributes #0 = { "hlsl.shader"="vertex" }
