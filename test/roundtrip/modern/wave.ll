; Wave intrinsics and the group barrier.
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

define void @main() #0 {
entry:
  %tid = call i32 @llvm.dx.thread.id(i32 0)
  %f = uitofp i32 %tid to float
  %sum = call reassoc nnan ninf nsz arcp afn float @llvm.dx.wave.reduce.sum.f32(float %f)
  %us = call i32 @llvm.dx.wave.reduce.usum.i32(i32 %tid)
  %mx = call i32 @llvm.dx.wave.reduce.umax.i32(i32 %us)
  %rl = call float @llvm.dx.wave.readlane.f32(float %sum, i32 1)
  %li = call i32 @llvm.dx.wave.getlaneindex()
  %any = icmp eq i32 %li, %mx
  %all = call i1 @llvm.dx.wave.all(i1 %any)
  %first = call i1 @llvm.dx.wave.is.first.lane()
  call void @llvm.dx.group.memory.barrier.with.group.sync()
  ret void
}

declare i32 @llvm.dx.thread.id(i32)
declare float @llvm.dx.wave.reduce.sum.f32(float)
declare i32 @llvm.dx.wave.reduce.usum.i32(i32)
declare i32 @llvm.dx.wave.reduce.umax.i32(i32)
declare float @llvm.dx.wave.readlane.f32(float, i32)
declare i32 @llvm.dx.wave.getlaneindex()
declare i1 @llvm.dx.wave.all(i1)
declare i1 @llvm.dx.wave.is.first.lane()
declare void @llvm.dx.group.memory.barrier.with.group.sync()

attributes #0 = { "hlsl.numthreads"="64,1,1" "hlsl.shader"="compute" }
