; fn-attrs: clang 22's string attributes, which DXC's validator refuses
; (Decl.FnAttribute), go; the two DXIL knows stay.
; RUN: %dxil-lower %s -o - | %FileCheck %s
; CHECK: define void @main() [[A:#[0-9]+]]
; CHECK: attributes [[A]] = { nounwind "fp32-denorm-mode"="ftz" }
; CHECK-NOT: no-infs-fp-math
; CHECK-NOT: stack-protector-buffer-size
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

define void @main() #0 {
  ret void
}

attributes #0 = { nounwind "hlsl.numthreads"="1,1,1" "hlsl.shader"="compute" "fp32-denorm-mode"="ftz" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
