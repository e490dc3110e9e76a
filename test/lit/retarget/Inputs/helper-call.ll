target triple = "dxilv1.6-pc-shadermodel6.6-compute"
define i32 @helper(i32 %x) noinline {
  %y = add i32 %x, 1
  ret i32 %y
}
define void @main() #0 {
  %t = call i32 @llvm.dx.thread.id(i32 0)
  %u = call i32 @helper(i32 %t)
  ret void
}
declare i32 @llvm.dx.thread.id(i32)
attributes #0 = { "hlsl.numthreads"="1,1,1" "hlsl.shader"="compute" }
