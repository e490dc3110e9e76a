; A library with two entries of different stages and an export.
target triple = "dxilv1.6-pc-shadermodel6.6-library"

define void @cs_main() #0 {
entry:
  %tid = call i32 @llvm.dx.thread.id(i32 0)
  %g = call i32 @llvm.dx.group.id(i32 1)
  %r = call i32 @helper(i32 %tid, i32 %g)
  ret void
}

define void @vs_main() #1 {
entry:
  ret void
}

define i32 @helper(i32 %a, i32 %b) #2 {
entry:
  %m = call i32 @llvm.umin.i32(i32 %a, i32 %b)
  ret i32 %m
}

declare i32 @llvm.dx.thread.id(i32)
declare i32 @llvm.dx.group.id(i32)
declare i32 @llvm.umin.i32(i32, i32)

attributes #0 = { "hlsl.numthreads"="4,4,4" "hlsl.shader"="compute" }
attributes #1 = { "hlsl.shader"="vertex" }
attributes #2 = { "hlsl.export" }
