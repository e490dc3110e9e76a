; vkd3d-proton's test_shader_waveop_maximal_convergence (reconvergence),
; in DXC's form: WaveActiveSum after the loop, which every lane reaches.
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { ptr }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }

define void @main() {
  %out = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %in = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)
  %id = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %ld = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %in, i32 %id, i32 0)
  %v = extractvalue %dx.types.ResRet.i32 %ld, 0
  br label %loop

loop:
  %first = call i32 @dx.op.waveReadLaneFirst.i32(i32 118, i32 %v)
  %mine = icmp eq i32 %v, %first
  br i1 %mine, label %exit, label %loop

exit:
  %s = call i32 @dx.op.waveActiveOp.i32(i32 119, i32 %v, i8 0, i8 1)
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %out, i32 %id, i32 0, i32 %s, i32 undef, i32 undef, i32 undef, i8 1)
  ret void
}

declare i32 @dx.op.threadId.i32(i32, i32) #0
declare i32 @dx.op.waveActiveOp.i32(i32, i32, i8, i8) #1
declare i32 @dx.op.waveReadLaneFirst.i32(i32, i32) #1
declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #2
declare void @dx.op.bufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8) #1
declare %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32, %dx.types.Handle, i32, i32) #2

attributes #0 = { nounwind memory(none) }
attributes #1 = { nounwind }
attributes #2 = { nounwind memory(read) }

!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.resources = !{!4}
!dx.entryPoints = !{!10}

!1 = !{i32 1, i32 0}
!2 = !{i32 1, i32 6}
!3 = !{!"cs", i32 6, i32 0}
!4 = !{!5, !8, null, null}
!5 = !{!6}
!6 = !{i32 0, ptr undef, !"", i32 0, i32 0, i32 1, i32 12, i32 0, !7}
!7 = !{i32 1, i32 4}
!8 = !{!9}
!9 = !{i32 0, ptr undef, !"", i32 0, i32 0, i32 1, i32 12, i1 false, i1 false, i1 false, !7}
!10 = !{ptr @main, !"main", null, !4, !11}
!11 = !{i32 0, i64 524304, i32 4, !12}
!12 = !{i32 16, i32 1, i32 1}
