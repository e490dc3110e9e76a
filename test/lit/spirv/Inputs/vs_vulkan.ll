target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10"
target triple = "spirv-unknown-vulkan1.3-vertex"

%__cblayout_Camera = type <{ <4 x float>, <4 x float>, <4 x float>, <4 x float> }>

@Camera.cb = local_unnamed_addr global target("spirv.VulkanBuffer", %__cblayout_Camera, 2, 0) poison
@Row0 = external hidden local_unnamed_addr addrspace(12) global <4 x float>, align 16
@Row1 = external hidden local_unnamed_addr addrspace(12) global <4 x float>, align 16
@Row2 = external hidden local_unnamed_addr addrspace(12) global <4 x float>, align 16
@Row3 = external hidden local_unnamed_addr addrspace(12) global <4 x float>, align 16
@Camera.str = private unnamed_addr constant [7 x i8] c"Camera\00", align 1
@POSITION0 = external hidden thread_local local_unnamed_addr addrspace(7) externally_initialized constant <3 x float>, !spirv.Decorations !0
@NORMAL0 = external hidden thread_local local_unnamed_addr addrspace(7) externally_initialized constant <3 x float>, !spirv.Decorations !2
@SV_Position = external hidden thread_local local_unnamed_addr addrspace(8) global <4 x float>, !spirv.Decorations !4
@NORMAL0.1 = external hidden thread_local local_unnamed_addr addrspace(8) global <3 x float>, !spirv.Decorations !0

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare target("spirv.VulkanBuffer", %__cblayout_Camera, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_Cameras_2_0t(i32, i32, i32, i32, ptr) #0

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none, target_mem0: none, target_mem1: none)
define void @main() local_unnamed_addr #1 {
entry:
  %Camera.cb_h.i.i = tail call target("spirv.VulkanBuffer", %__cblayout_Camera, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_Cameras_2_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @Camera.str)
  store target("spirv.VulkanBuffer", %__cblayout_Camera, 2, 0) %Camera.cb_h.i.i, ptr @Camera.cb, align 8
  %0 = load <3 x float>, ptr addrspace(7) @POSITION0, align 16
  %1 = load <3 x float>, ptr addrspace(7) @NORMAL0, align 16
  %2 = shufflevector <3 x float> %0, <3 x float> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 poison>
  %vecinit520.i = insertelement <4 x float> %2, float 1.000000e+00, i64 3
  %3 = load <4 x float>, ptr addrspace(12) @Row0, align 16, !tbaa !13, !noalias !14
  %hlsl.dot.i = tail call reassoc nnan ninf nsz arcp afn float @llvm.spv.fdot.v4f32(<4 x float> %3, <4 x float> %vecinit520.i)
  %vecinit6.i = insertelement <4 x float> poison, float %hlsl.dot.i, i64 0
  %4 = load <4 x float>, ptr addrspace(12) @Row1, align 16, !tbaa !13, !noalias !14
  %hlsl.dot7.i = tail call reassoc nnan ninf nsz arcp afn float @llvm.spv.fdot.v4f32(<4 x float> %4, <4 x float> %vecinit520.i)
  %vecinit8.i = insertelement <4 x float> %vecinit6.i, float %hlsl.dot7.i, i64 1
  %5 = load <4 x float>, ptr addrspace(12) @Row2, align 16, !tbaa !13, !noalias !14
  %hlsl.dot9.i = tail call reassoc nnan ninf nsz arcp afn float @llvm.spv.fdot.v4f32(<4 x float> %5, <4 x float> %vecinit520.i)
  %vecinit10.i = insertelement <4 x float> %vecinit8.i, float %hlsl.dot9.i, i64 2
  %6 = load <4 x float>, ptr addrspace(12) @Row3, align 16, !tbaa !13, !noalias !14
  %hlsl.dot11.i = tail call reassoc nnan ninf nsz arcp afn float @llvm.spv.fdot.v4f32(<4 x float> %6, <4 x float> %vecinit520.i)
  %vecinit12.i = insertelement <4 x float> %vecinit10.i, float %hlsl.dot11.i, i64 3
  %hlsl.normalize.i = tail call reassoc nnan ninf nsz arcp afn <3 x float> @llvm.spv.normalize.v3f32(<3 x float> nofpclass(nan inf) %1)
  store <4 x float> %vecinit12.i, ptr addrspace(8) @SV_Position, align 16
  store <3 x float> %hlsl.normalize.i, ptr addrspace(8) @NORMAL0.1, align 16
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.spv.fdot.v4f32(<4 x float>, <4 x float>) #0

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare <3 x float> @llvm.spv.normalize.v3f32(<3 x float>) #0

attributes #0 = { mustprogress nocallback nofree nosync nounwind willreturn memory(none) }
attributes #1 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none, target_mem0: none, target_mem1: none) "hlsl.shader"="vertex" "no-infs-fp-math"="false" "no-nans-fp-math"="false" "no-signed-zeros-fp-math"="false" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }

!hlsl.cbs = !{!6}
!llvm.module.flags = !{!7}
!llvm.errno.tbaa = !{!9}

!0 = !{!1}
!1 = !{i32 30, i32 0}
!2 = !{!3}
!3 = !{i32 30, i32 1}
!4 = !{!5}
!5 = !{i32 11, i32 0}
!6 = !{ptr @Camera.cb, ptr addrspace(12) @Row0, ptr addrspace(12) @Row1, ptr addrspace(12) @Row2, ptr addrspace(12) @Row3}
!7 = !{i32 1, !"wchar_size", i32 4}
!9 = !{!10, !10, i64 0}
!10 = !{!"int", !11, i64 0}
!11 = !{!"omnipotent char", !12, i64 0}
!12 = !{!"Simple C++ TBAA"}
!13 = !{!11, !11, i64 0}
!14 = !{!15}
!15 = distinct !{!15, !16, !"_Z4mainDv3_fS_: %agg.result"}
!16 = distinct !{!16, !"_Z4mainDv3_fS_"}
