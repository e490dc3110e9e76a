; fuzz_bcwrite seed: clang 22 -O1 output of test/lit/write/Inputs/clang-cs-groupshared.hlsl
; ModuleID = 'cs3.hlsl'
source_filename = "cs3.hlsl"
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

@Tmp = hidden local_unnamed_addr addrspace(3) global [64 x float] zeroinitializer, align 4
@Count = hidden local_unnamed_addr addrspace(3) global i32 0, align 4

; Function Attrs: alwaysinline mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: read)
define hidden noundef nofpclass(nan inf) float @_Z6helperA4_fj(ptr noundef readonly byval([4 x float]) align 4 captures(none) %a, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp4.not = icmp eq i32 %n, 0
  br i1 %cmp4.not, label %for.cond.cleanup, label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %s.0.lcssa = phi float [ 0.000000e+00, %entry ], [ %add, %for.body ]
  ret float %s.0.lcssa

for.body:                                         ; preds = %entry, %for.body
  %k.06 = phi i32 [ %inc, %for.body ], [ 0, %entry ]
  %s.05 = phi float [ %add, %for.body ], [ 0.000000e+00, %entry ]
  %and = and i32 %k.06, 3
  %arrayidx = getelementptr inbounds nuw float, ptr %a, i32 %and
  %0 = load float, ptr %arrayidx, align 4, !tbaa !7
  %add = fadd reassoc nnan ninf nsz arcp afn float %0, %s.05
  %inc = add nuw i32 %k.06, 1
  %exitcond.not = icmp eq i32 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !9
}

; Function Attrs: convergent nofree noinline norecurse nosync nounwind
define void @main() local_unnamed_addr #1 {
entry:
  %agg.tmp17.i = alloca [4 x float], align 4
  %0 = tail call i32 @llvm.dx.flattened.thread.id.in.group()
  %1 = tail call i32 @llvm.dx.thread.id(i32 0)
  %conv.i = uitofp i32 %1 to float
  %conv3.i = uitofp i32 %0 to float
  call void @llvm.lifetime.start.p0(ptr nonnull %agg.tmp17.i)
  store float 1.000000e+00, ptr %agg.tmp17.i, align 4
  %agg.tmp.i.sroa.4.0.agg.tmp17.i.sroa_idx = getelementptr inbounds nuw i8, ptr %agg.tmp17.i, i32 4
  store float 2.000000e+00, ptr %agg.tmp.i.sroa.4.0.agg.tmp17.i.sroa_idx, align 4
  %agg.tmp.i.sroa.5.0.agg.tmp17.i.sroa_idx = getelementptr inbounds nuw i8, ptr %agg.tmp17.i, i32 8
  store float %conv.i, ptr %agg.tmp.i.sroa.5.0.agg.tmp17.i.sroa_idx, align 4
  %agg.tmp.i.sroa.6.0.agg.tmp17.i.sroa_idx = getelementptr inbounds nuw i8, ptr %agg.tmp17.i, i32 12
  store float %conv3.i, ptr %agg.tmp.i.sroa.6.0.agg.tmp17.i.sroa_idx, align 4
  %cmp.i.i1.not = icmp eq i32 %0, 0
  br i1 %cmp.i.i1.not, label %_Z6helperA4_fj.exit.i, label %for.body.i.i

for.body.i.i:                                     ; preds = %entry, %for.body.i.i
  %k.0.i.i3 = phi i32 [ %inc.i.i, %for.body.i.i ], [ 0, %entry ]
  %s.0.i.i2 = phi float [ %add.i.i, %for.body.i.i ], [ 0.000000e+00, %entry ]
  %and.i.i = and i32 %k.0.i.i3, 3
  %arrayidx.i.i = getelementptr inbounds nuw float, ptr %agg.tmp17.i, i32 %and.i.i
  %2 = load float, ptr %arrayidx.i.i, align 4, !tbaa !7
  %add.i.i = fadd reassoc nnan ninf nsz arcp afn float %2, %s.0.i.i2
  %inc.i.i = add nuw i32 %k.0.i.i3, 1
  %exitcond.not = icmp eq i32 %inc.i.i, %0
  br i1 %exitcond.not, label %_Z6helperA4_fj.exit.i, label %for.body.i.i, !llvm.loop !9

_Z6helperA4_fj.exit.i:                            ; preds = %for.body.i.i, %entry
  %s.0.i.i.lcssa = phi float [ 0.000000e+00, %entry ], [ %add.i.i, %for.body.i.i ]
  call void @llvm.lifetime.end.p0(ptr nonnull %agg.tmp17.i)
  %arrayidx.i = getelementptr inbounds nuw float, ptr addrspace(3) @Tmp, i32 %0
  store float %s.0.i.i.lcssa, ptr addrspace(3) %arrayidx.i, align 4, !tbaa !7
  tail call void @llvm.dx.group.memory.barrier.with.group.sync()
  %and.i = and i32 %0, 3
  %3 = load float, ptr addrspace(3) %arrayidx.i, align 4, !tbaa !7
  switch i32 %and.i, label %sw.default.i [
    i32 0, label %sw.bb.i
    i32 1, label %sw.bb5.i
  ]

sw.bb.i:                                          ; preds = %_Z6helperA4_fj.exit.i
  %add.i = fadd reassoc nnan ninf nsz arcp afn float %3, 1.000000e+00
  br label %_Z4mainjDv3_j.exit

sw.bb5.i:                                         ; preds = %_Z6helperA4_fj.exit.i
  %mul.i = fmul reassoc nnan ninf nsz arcp afn float %3, 3.000000e+00
  br label %_Z4mainjDv3_j.exit

sw.default.i:                                     ; preds = %_Z6helperA4_fj.exit.i
  %fneg.i = fneg reassoc nnan ninf nsz arcp afn float %3
  br label %_Z4mainjDv3_j.exit

_Z4mainjDv3_j.exit:                               ; preds = %sw.bb.i, %sw.bb5.i, %sw.default.i
  %add.i.sink = phi float [ %add.i, %sw.bb.i ], [ %mul.i, %sw.bb5.i ], [ %fneg.i, %sw.default.i ]
  store float %add.i.sink, ptr addrspace(3) %arrayidx.i, align 4, !tbaa !7
  store i32 %0, ptr addrspace(3) @Count, align 4, !tbaa !3
  ret void
}

; Function Attrs: mustprogress nofree nosync nounwind willreturn memory(none)
declare i32 @llvm.dx.flattened.thread.id.in.group() #2

; Function Attrs: mustprogress nofree nosync nounwind willreturn memory(none)
declare i32 @llvm.dx.thread.id(i32) #2

; Function Attrs: convergent mustprogress nocallback nofree nosync nounwind willreturn
declare void @llvm.dx.group.memory.barrier.with.group.sync() #3

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #4

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(ptr captures(none)) #4

attributes #0 = { alwaysinline mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: read) "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #1 = { convergent nofree noinline norecurse nosync nounwind "hlsl.numthreads"="64,1,1" "hlsl.shader"="compute" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { mustprogress nofree nosync nounwind willreturn memory(none) }
attributes #3 = { convergent mustprogress nocallback nofree nosync nounwind willreturn }
attributes #4 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }

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
!7 = !{!8, !8, i64 0}
!8 = !{!"float", !5, i64 0}
!9 = distinct !{!9, !10, !11}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!"llvm.loop.unroll.disable"}
