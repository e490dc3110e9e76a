; Unary/binary/tertiary float and integer math, fast and precise.
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

define void @main() #0 {
entry:
  %tid = call i32 @llvm.dx.thread.id(i32 0)
  %f = uitofp i32 %tid to float
  %a = call reassoc nnan ninf nsz arcp afn float @llvm.fabs.f32(float %f)
  %s = call reassoc nnan ninf nsz arcp afn float @llvm.sqrt.f32(float %a)
  %c = call float @llvm.cos.f32(float %s)
  %m = call reassoc nnan ninf nsz arcp afn float @llvm.maxnum.f32(float %c, float %s)
  %x = call i32 @llvm.umax.i32(i32 %tid, i32 7)
  %y = call i32 @llvm.smin.i32(i32 %x, i32 3)
  %b = call i32 @llvm.bitreverse.i32(i32 %y)
  %t = call reassoc nnan ninf nsz arcp afn float @llvm.dx.saturate.f32(float %m)
  %d = call reassoc nnan ninf nsz arcp afn float @llvm.dx.dot2.f32(float %t, float %t, float %m, float %m)
  ret void
}

declare i32 @llvm.dx.thread.id(i32)
declare float @llvm.fabs.f32(float)
declare float @llvm.sqrt.f32(float)
declare float @llvm.cos.f32(float)
declare float @llvm.maxnum.f32(float, float)
declare i32 @llvm.umax.i32(i32, i32)
declare i32 @llvm.smin.i32(i32, i32)
declare i32 @llvm.bitreverse.i32(i32)
declare float @llvm.dx.saturate.f32(float)
declare float @llvm.dx.dot2.f32(float, float, float, float)

attributes #0 = { "hlsl.numthreads"="8,1,1" "hlsl.shader"="compute" }
