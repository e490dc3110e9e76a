target triple = "dxilv1.6-pc-shadermodel6.6-pixel"
define void @main() #0 {
  ret void
}
attributes #0 = { "hlsl.shader"="pixel" }
