; An llvm.dx.* intrinsic the op table does not map survives lowering.
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

define void @main() #0 {
  %i = call i32 @llvm.dx.thread.id(i32 0)
  %x = call i1 @llvm.dx.unknown.ballot.form(i32 %i)
  ret void
}
declare i1 @llvm.dx.unknown.ballot.form(i32)
attributes #0 = { "hlsl.shader"="compute" "hlsl.numthreads"="1,1,1" }
