; Signature I/O in a pixel shader: llvm.dx.load.input / llvm.dx.store.output
; with the SigPoints the raise writes (PSIn 13, PSOut 14) and clang 22's
; i32 poison for the store's vertex index.
target triple = "dxilv1.0-pc-shadermodel6.0-pixel"

define void @main() #0 {
entry:
  %c = call float @llvm.dx.load.input.f32(i32 13, i32 0, i32 0, i8 0, i32 undef)
  %u = call i32 @llvm.dx.load.input.i32(i32 13, i32 1, i32 0, i8 2, i32 undef)
  %f = uitofp i32 %u to float
  %m = fmul float %c, %f
  call void @llvm.dx.store.output.f32(i32 14, i32 0, i32 0, i8 0, i32 poison, float %m)
  call void @llvm.dx.store.output.f32(i32 14, i32 0, i32 0, i8 1, i32 poison, float %c)
  ret void
}

declare float @llvm.dx.load.input.f32(i32, i32, i32, i8, i32)
declare i32 @llvm.dx.load.input.i32(i32, i32, i32, i8, i32)
declare void @llvm.dx.store.output.f32(i32, i32, i32, i8, i32, float)

attributes #0 = { "hlsl.shader"="pixel" }
