; clang-22 -cc1 -triple dxil-pc-shadermodel6.9-library -x hlsl -emit-llvm -O3 -fnative-half-type clang22-elementwise.hlsl
; ModuleID = 'lib.hlsl'
source_filename = "lib.hlsl"
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.9-pc-shadermodel6.9-library"

; Function Attrs: alwaysinline mustprogress nofree norecurse nosync nounwind willreturn memory(none)
define noundef nofpclass(nan inf) <4 x float> @_Z6f_sqrtDv4_f(<4 x float> noundef nofpclass(nan inf) %v) local_unnamed_addr #0 {
entry:
  %0 = tail call reassoc nnan ninf nsz arcp afn <4 x float> @llvm.sqrt.v4f32(<4 x float> %v)
  ret <4 x float> %0
}

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x float> @llvm.sqrt.v4f32(<4 x float>) #1

; Function Attrs: alwaysinline mustprogress nofree norecurse nosync nounwind willreturn memory(none)
define noundef nofpclass(nan inf) <3 x float> @_Z5f_cosDv3_f(<3 x float> noundef nofpclass(nan inf) %v) local_unnamed_addr #0 {
entry:
  %0 = tail call reassoc nnan ninf nsz arcp afn <3 x float> @llvm.cos.v3f32(<3 x float> %v)
  ret <3 x float> %0
}

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <3 x float> @llvm.cos.v3f32(<3 x float>) #1

; Function Attrs: alwaysinline mustprogress nofree norecurse nosync nounwind willreturn memory(none)
define noundef nofpclass(nan inf) <2 x half> @_Z6f_fracDv2_Dh(<2 x half> noundef nofpclass(nan inf) %v) local_unnamed_addr #0 {
entry:
  %hlsl.frac = tail call reassoc nnan ninf nsz arcp afn <2 x half> @llvm.dx.frac.v2f16(<2 x half> %v)
  ret <2 x half> %hlsl.frac
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare <2 x half> @llvm.dx.frac.v2f16(<2 x half>) #2

; Function Attrs: alwaysinline mustprogress nofree norecurse nosync nounwind willreturn memory(none)
define noundef range(i32 0, 33) <2 x i32> @_Z10f_popcountDv2_j(<2 x i32> noundef %v) local_unnamed_addr #0 {
entry:
  %elt.ctpop = tail call range(i32 0, 33) <2 x i32> @llvm.ctpop.v2i32(<2 x i32> %v)
  ret <2 x i32> %elt.ctpop
}

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x i32> @llvm.ctpop.v2i32(<2 x i32>) #1

; Function Attrs: alwaysinline mustprogress nofree norecurse nosync nounwind willreturn memory(none)
define noundef nofpclass(nan inf) <4 x float> @_Z5f_maxDv4_fS_(<4 x float> noundef nofpclass(nan inf) %a, <4 x float> noundef nofpclass(nan inf) %b) local_unnamed_addr #0 {
entry:
  %elt.max = tail call reassoc nnan ninf nsz arcp afn <4 x float> @llvm.maxnum.v4f32(<4 x float> %a, <4 x float> %b)
  ret <4 x float> %elt.max
}

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x float> @llvm.maxnum.v4f32(<4 x float>, <4 x float>) #1

; Function Attrs: alwaysinline mustprogress nofree norecurse nosync nounwind willreturn memory(none)
define noundef <3 x i32> @_Z5f_madDv3_iS_S_(<3 x i32> noundef %a, <3 x i32> noundef %b, <3 x i32> noundef %c) local_unnamed_addr #0 {
entry:
  %dx.imad = tail call <3 x i32> @llvm.dx.imad.v3i32(<3 x i32> %a, <3 x i32> %b, <3 x i32> %c)
  ret <3 x i32> %dx.imad
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare <3 x i32> @llvm.dx.imad.v3i32(<3 x i32>, <3 x i32>, <3 x i32>) #2

; Function Attrs: alwaysinline mustprogress nofree norecurse nosync nounwind willreturn memory(none)
define noundef nofpclass(nan inf) float @_Z7f_sqrt1f(float noundef nofpclass(nan inf) %v) local_unnamed_addr #0 {
entry:
  %0 = tail call reassoc nnan ninf nsz arcp afn float @llvm.sqrt.f32(float %v)
  ret float %0
}

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.sqrt.f32(float) #1

attributes #0 = { alwaysinline mustprogress nofree norecurse nosync nounwind willreturn memory(none) "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #1 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { mustprogress nocallback nofree nosync nounwind willreturn memory(none) }

!llvm.module.flags = !{!0, !1}
!dx.valver = !{!2}
!llvm.ident = !{!3}
!llvm.errno.tbaa = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, !"dx.nativelowprec", i32 1}
!2 = !{i32 1, i32 8}
!3 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!4 = !{!5, !5, i64 0}
!5 = !{!"int", !6, i64 0}
!6 = !{!"omnipotent char", !7, i64 0}
!7 = !{!"Simple C++ TBAA"}
