; Dot4AddI8Packed first exists at DXIL 1.4: at 1.3 the call is left over.
target triple = "dxilv1.3-pc-shadermodel6.3-library"
define i32 @f(i32 %a, i32 %b, i32 %c) {
  %r = call i32 @llvm.dx.dot4add.i8packed(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
