; clang 22's form: a whole vector element per call, SigPoint placeholder 4,
; the semantic in the load's name.
target triple = "dxilv1.0-pc-shadermodel6.0-pixel"

define void @main() #0 {
entry:
  %SV_Position0 = call <4 x float> @llvm.dx.load.input.v4f32(i32 4, i32 0, i32 0, i8 0, i32 poison)
  %m = fmul <4 x float> %SV_Position0, %SV_Position0
  call void @llvm.dx.store.output.v4f32(i32 4, i32 0, i32 0, i8 0, i32 poison, <4 x float> %m)
  ret void
}

declare <4 x float> @llvm.dx.load.input.v4f32(i32, i32, i32, i8, i32)
declare void @llvm.dx.store.output.v4f32(i32, i32, i32, i8, i32, <4 x float>)

attributes #0 = { "hlsl.shader"="pixel" }
