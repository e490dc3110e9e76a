; fuzz_bcwrite seed: clang 22 -O1 output of test/lit/write/Inputs/clang-ps.hlsl
; ModuleID = 'ps.hlsl'
source_filename = "ps.hlsl"
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-pixel"

; Function Attrs: convergent mustprogress nofree noinline norecurse nosync nounwind willreturn
define void @main() local_unnamed_addr #0 {
entry:
  %SV_Position0 = tail call <4 x float> @llvm.dx.load.input.v4f32(i32 4, i32 0, i32 0, i8 0, i32 poison)
  %TEXCOORD0 = tail call <2 x float> @llvm.dx.load.input.v2f32(i32 4, i32 0, i32 0, i8 0, i32 poison)
  %0 = extractelement <2 x float> %TEXCOORD0, i64 0
  %mul.i = fmul reassoc nnan ninf nsz arcp afn float %0, %0
  %1 = extractelement <2 x float> %TEXCOORD0, i64 1
  %mul1.i = fmul reassoc nnan ninf nsz arcp afn float %1, %1
  %add.i = fadd reassoc nnan ninf nsz arcp afn float %mul.i, %mul1.i
  %2 = tail call reassoc nnan ninf nsz arcp afn float @llvm.sqrt.f32(float %add.i)
  %3 = insertelement <4 x float> <float poison, float poison, float poison, float 1.000000e+00>, float %0, i64 0
  %4 = insertelement <4 x float> %3, float %1, i64 1
  %vecinit4.i = insertelement <4 x float> %4, float %2, i64 2
  %5 = extractelement <4 x float> %SV_Position0, i64 0
  %cmp.i = fcmp reassoc nnan ninf nsz arcp afn ogt float %5, 1.000000e+02
  %fneg.i = fneg reassoc nnan ninf nsz arcp afn <4 x float> %vecinit4.i
  %c.0.i = select nsz i1 %cmp.i, <4 x float> %fneg.i, <4 x float> %vecinit4.i
  %hlsl.saturate.i = tail call reassoc nnan ninf nsz arcp afn noundef <4 x float> @llvm.dx.saturate.v4f32(<4 x float> %c.0.i)
  tail call void @llvm.dx.store.output.v4f32(i32 4, i32 0, i32 0, i8 0, i32 poison, <4 x float> %hlsl.saturate.i)
  ret void
}

; Function Attrs: convergent mustprogress nocallback nofree nosync nounwind willreturn
declare <4 x float> @llvm.dx.load.input.v4f32(i32, i32, i32, i8, i32) #1

; Function Attrs: convergent mustprogress nocallback nofree nosync nounwind willreturn
declare <2 x float> @llvm.dx.load.input.v2f32(i32, i32, i32, i8, i32) #1

; Function Attrs: convergent mustprogress nocallback nofree nosync nounwind willreturn
declare void @llvm.dx.store.output.v4f32(i32, i32, i32, i8, i32, <4 x float>) #1

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.sqrt.f32(float) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.dx.saturate.v4f32(<4 x float>) #3

attributes #0 = { convergent mustprogress nofree noinline norecurse nosync nounwind willreturn "hlsl.shader"="pixel" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #1 = { convergent mustprogress nocallback nofree nosync nounwind willreturn }
attributes #2 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { mustprogress nocallback nofree nosync nounwind willreturn memory(none) }

!llvm.module.flags = !{!0}
!dx.valver = !{!1}
!llvm.ident = !{!2}
!llvm.errno.tbaa = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, i32 8}
!2 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!3 = !{!4, !4, i64 0}
!4 = !{!"int", !5, i64 0}
!5 = !{!"omnipotent char", !6, i64 0}
!6 = !{!"Simple C++ TBAA"}
