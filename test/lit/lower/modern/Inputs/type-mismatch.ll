; Sqrt has only half and float overloads before DXIL 1.9: a double call,
; scalar or vector, has no dx.op form.
target triple = "dxilv1.3-pc-shadermodel6.3-compute"

define void @main() #0 {
  %d = call double @llvm.sqrt.f64(double 2.0)
  %v = call <4 x double> @llvm.sqrt.v4f64(<4 x double> zeroinitializer)
  ret void
}
attributes #0 = { "hlsl.shader"="compute" "hlsl.numthreads"="1,1,1" }
