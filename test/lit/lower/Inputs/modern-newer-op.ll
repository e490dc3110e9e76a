; Modern IR for DXIL 1.0 calling llvm.dx.dot4add.i8packed, whose only op
; (Dot4AddI8Packed) needs DXIL 1.4: lowering refuses it (dxc-text-newer-op.ll).
target triple = "dxilv1.0-pc-shadermodel6.0-compute"

define void @main() #0 {
  %1 = call i32 @llvm.dx.flattened.thread.id.in.group()
  %2 = call i32 @llvm.dx.dot4add.i8packed(i32 %1, i32 %1, i32 %1)
  ret void
}

declare i32 @llvm.dx.flattened.thread.id.in.group()
declare i32 @llvm.dx.dot4add.i8packed(i32, i32, i32)

attributes #0 = { "hlsl.numthreads"="4,1,1" "hlsl.shader"="compute" }
