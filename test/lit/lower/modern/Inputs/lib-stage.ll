; A library whose vertex entry takes a derivative: not allowed in that
; stage. The compute entry may (DXIL 1.6 allows compute derivatives).
target triple = "dxilv1.6-pc-shadermodel6.6-library"

define void @vs_main() #0 {
  %d = call float @llvm.dx.ddx.coarse.f32(float 2.0)
  ret void
}

define void @cs_main() #1 {
  %d = call float @llvm.dx.ddx.coarse.f32(float 3.0)
  ret void
}
attributes #0 = { "hlsl.shader"="vertex" }
attributes #1 = { "hlsl.shader"="compute" "hlsl.numthreads"="8,1,1" }
