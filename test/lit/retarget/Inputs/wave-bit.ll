target triple = "dxilv1.6-pc-shadermodel6.6-compute"
define void @main() #0 {
  %t = call i32 @llvm.dx.thread.id(i32 0)
  %s = call i32 @dx.op.waveActiveBit.i32(i32 120, i32 %t, i8 0)
  ret void
}
declare i32 @llvm.dx.thread.id(i32)
declare i32 @dx.op.waveActiveBit.i32(i32, i32, i8)
attributes #0 = { "hlsl.numthreads"="1,1,1" "hlsl.shader"="compute" }
