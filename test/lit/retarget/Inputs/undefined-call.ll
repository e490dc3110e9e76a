target triple = "dxilv1.6-pc-shadermodel6.6-compute"
define void @main() #0 {
  %t = call i32 @llvm.dx.thread.id(i32 0)
  call void @external_thing(i32 %t)
  ret void
}
declare void @external_thing(i32)
declare i32 @llvm.dx.thread.id(i32)
attributes #0 = { "hlsl.numthreads"="1,1,1" "hlsl.shader"="compute" }
