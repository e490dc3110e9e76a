target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10"
target triple = "spirv-unknown-vulkan1.3-pixel"

%__cblayout_Tint = type <{ <4 x float>, float }>

@Tint.cb = local_unnamed_addr global target("spirv.VulkanBuffer", %__cblayout_Tint, 2, 0) poison
@Color = external hidden local_unnamed_addr addrspace(12) global <4 x float>, align 16
@Cut = external hidden local_unnamed_addr addrspace(12) global float, align 4
@Tint.str = private unnamed_addr constant [5 x i8] c"Tint\00", align 1
@TEXCOORD0 = external hidden thread_local local_unnamed_addr addrspace(7) externally_initialized constant <2 x float>, !spirv.Decorations !0
@SV_Target0 = external hidden thread_local local_unnamed_addr addrspace(8) global <4 x float>, !spirv.Decorations !0

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare target("spirv.VulkanBuffer", %__cblayout_Tint, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_Tints_2_0t(i32, i32, i32, i32, ptr) #0

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn
define void @main() local_unnamed_addr #1 {
entry:
  %Tint.cb_h.i.i = tail call target("spirv.VulkanBuffer", %__cblayout_Tint, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_Tints_2_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @Tint.str)
  store target("spirv.VulkanBuffer", %__cblayout_Tint, 2, 0) %Tint.cb_h.i.i, ptr @Tint.cb, align 8
  %0 = load <2 x float>, ptr addrspace(7) @TEXCOORD0, align 8
  %sub.i = fadd reassoc nnan ninf nsz arcp afn <2 x float> %0, splat (float -5.000000e-01)
  %hlsl.dot.i = tail call reassoc nnan ninf nsz arcp afn float @llvm.spv.fdot.v2f32(<2 x float> nofpclass(nan inf) %sub.i, <2 x float> nofpclass(nan inf) %sub.i)
  %1 = tail call reassoc nnan ninf nsz arcp afn noundef float @llvm.sqrt.f32(float %hlsl.dot.i)
  %mul.i = fmul reassoc nnan ninf nsz arcp afn float %1, 2.000000e+00
  %hlsl.saturate.i = tail call reassoc nnan ninf nsz arcp afn float @llvm.spv.saturate.f32(float %mul.i)
  %2 = load float, ptr addrspace(12) @Cut, align 4, !tbaa !9
  %3 = fcmp reassoc nnan ninf nsz arcp afn olt float %hlsl.saturate.i, %2
  br i1 %3, label %lt0.i, label %_Z4mainDv4_fDv2_f.exit

lt0.i:                                            ; preds = %entry
  tail call void @llvm.spv.discard()
  br label %_Z4mainDv4_fDv2_f.exit

_Z4mainDv4_fDv2_f.exit:                           ; preds = %entry, %lt0.i
  %4 = load <4 x float>, ptr addrspace(12) @Color, align 16, !tbaa !11
  %vecext.i = extractelement <2 x float> %0, i64 0
  %vecext3.i = extractelement <2 x float> %0, i64 1
  %5 = insertelement <4 x float> <float poison, float poison, float poison, float 1.000000e+00>, float %vecext.i, i64 0
  %6 = insertelement <4 x float> %5, float %vecext3.i, i64 1
  %vecinit6.i = insertelement <4 x float> %6, float %hlsl.saturate.i, i64 2
  %mul7.i = fmul reassoc nnan ninf nsz arcp afn <4 x float> %4, %vecinit6.i
  store <4 x float> %mul7.i, ptr addrspace(8) @SV_Target0, align 16
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.spv.saturate.f32(float) #0

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn
declare void @llvm.spv.discard() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.spv.fdot.v2f32(<2 x float>, <2 x float>) #0

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.sqrt.f32(float) #3

attributes #0 = { mustprogress nocallback nofree nosync nounwind willreturn memory(none) }
attributes #1 = { mustprogress nofree noinline norecurse nosync nounwind willreturn "hlsl.shader"="pixel" "no-infs-fp-math"="false" "no-nans-fp-math"="false" "no-signed-zeros-fp-math"="false" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { mustprogress nocallback nofree nosync nounwind willreturn }
attributes #3 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }

!hlsl.cbs = !{!2}
!llvm.module.flags = !{!3}
!llvm.errno.tbaa = !{!5}

!0 = !{!1}
!1 = !{i32 30, i32 0}
!2 = !{ptr @Tint.cb, ptr addrspace(12) @Color, ptr addrspace(12) @Cut}
!3 = !{i32 1, !"wchar_size", i32 4}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"float", !7, i64 0}
!11 = !{!7, !7, i64 0}
