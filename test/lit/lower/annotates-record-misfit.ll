; Records that do not fit the module lowering gets (a raised module
; edited after the raise, say): a !dxu.annotates that places its one call
; before a first user that does not dominate the others (%buf, used in
; two branches), has an unknown place (%out), is empty (%cb: the raise's
; "no record"), or does not split the lowered users exactly (%cb in the
; second run). Each handle then keeps lowering's one annotateHandle where
; it dominates every user, and the module stays valid.
; RUN: %dxil-lower %s -o %t.ll 2>%t.err
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck %s --check-prefix=WARN < %t.err
; RUN: grep -c 'call %dx.types.Handle @dx.op.annotateHandle' %t.ll | %FileCheck %s --check-prefix=COUNT
; RUN: %opt -disable-output -passes=verify %t.ll
; RUN: sed 's/^!16 = !{}$/!16 = !{i32 2, i32 1, i32 0, i32 1, i32 5, i32 1}/' %s > %t.misfit.ll
; RUN: %dxil-lower %t.misfit.ll -o %t.lowered.ll 2>%t.misfit.err
; RUN: %FileCheck %s --check-prefix=MISFIT < %t.misfit.err
; RUN: %FileCheck %s < %t.lowered.ll
; RUN: grep -c 'call %dx.types.Handle @dx.op.annotateHandle' %t.lowered.ll | %FileCheck %s --check-prefix=COUNT
; RUN: %opt -disable-output -passes=verify %t.lowered.ll
; CHECK-LABEL: define void @main(
; CHECK-DAG: @dx.op.annotateHandle(i32 216, %dx.types.Handle %buf,
; CHECK-DAG: @dx.op.annotateHandle(i32 216, %dx.types.Handle %cb,
; CHECK-DAG: @dx.op.annotateHandle(i32 216, %dx.types.Handle %out,
; CHECK: br i1 %z
; CHECK-NOT: @dx.op.annotateHandle
; CHECK: ret void
; CHECK-NOT: dxu.annotates
; COUNT: {{^3$}}
; A record that does not fit is a warning (the empty one is not: it is the
; raise's own "no record"); a place that would not dominate is not either.
; WARN: warning: @main: !dxu.annotates does not fit the 1 instructions using the handle; one annotateHandle kept
; WARN-NOT: warning
; MISFIT: warning: @main: !dxu.annotates does not fit the 2 instructions using the handle; one annotateHandle kept
; MISFIT: warning: @main: !dxu.annotates does not fit the 1 instructions using the handle; one annotateHandle kept

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"
define void @main(float %x) #0 {
  %buf = call target("dx.RawBuffer", i8, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_1_0t(i32 0, i32 0, i32 1, i32 0, ptr null), !dxu.annotates !15
  %cb = call target("dx.CBuffer", <{ [4 x i8] }>) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_sl_a4i8st(i32 0, i32 0, i32 1, i32 0, ptr null), !dxu.annotates !16
  %out = call target("dx.RawBuffer", i8, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_1_0t(i32 0, i32 1, i32 1, i32 0, ptr null), !dxu.annotates !17
  %x2 = fmul float %x, 2.000000e+00
  %1 = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.i32.i32.i32.i32.tdx.CBuffer_sl_a4i8st(target("dx.CBuffer", <{ [4 x i8] }>) %cb, i32 0)
  %2 = extractvalue { i32, i32, i32, i32 } %1, 0
  %z = icmp eq i32 %2, 0
  br i1 %z, label %then, label %end
then:                                             ; preds = %0
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i8_1_0t.i32(target("dx.RawBuffer", i8, 1, 0) %buf, i32 0, i32 poison, i32 %2)
  br label %end
end:                                              ; preds = %then, %0
  %3 = call { i32, i1 } @llvm.dx.resource.load.rawbuffer.i32.tdx.RawBuffer_i8_1_0t(target("dx.RawBuffer", i8, 1, 0) %buf, i32 4, i32 poison)
  %4 = extractvalue { i32, i1 } %3, 0
  %5 = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.i32.i32.i32.i32.tdx.CBuffer_sl_a4i8st(target("dx.CBuffer", <{ [4 x i8] }>) %cb, i32 0)
  %6 = extractvalue { i32, i32, i32, i32 } %5, 1
  %sum = add i32 %4, %6
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i8_1_0t.i32(target("dx.RawBuffer", i8, 1, 0) %buf, i32 8, i32 poison, i32 %sum)
  %bits = bitcast float %x2 to i32
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i8_1_0t.i32(target("dx.RawBuffer", i8, 1, 0) %out, i32 0, i32 poison, i32 %bits)
  ret void
}
declare target("dx.RawBuffer", i8, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_1_0t(i32, i32, i32, i32, ptr) #1
declare target("dx.CBuffer", <{ [4 x i8] }>) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_sl_a4i8st(i32, i32, i32, i32, ptr) #1
declare { i32, i1 } @llvm.dx.resource.load.rawbuffer.i32.tdx.RawBuffer_i8_1_0t(target("dx.RawBuffer", i8, 1, 0), i32, i32) #2
declare void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i8_1_0t.i32(target("dx.RawBuffer", i8, 1, 0), i32, i32, i32) #3
declare { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.i32.i32.i32.i32.tdx.CBuffer_sl_a4i8st(target("dx.CBuffer", <{ [4 x i8] }>), i32) #2
attributes #0 = { "hlsl.numthreads"="4,1,1" "hlsl.shader"="compute" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(read) }
attributes #3 = { nocallback nofree nosync nounwind willreturn memory(write) }
!dx.valver = !{!0}
!dxu.datalayout = !{!1}
!dxu.order = !{!2}
!dxu.entryPoints = !{!3}
!dxu.resources = !{!4}
!dxu.resource.props = !{!12, !13, !14}
!0 = !{i32 1, i32 6}
!1 = !{!"e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"}
!2 = !{!"dx.version", !"dx.valver", !"dx.shaderModel", !"dx.resources", !"dx.entryPoints"}
!3 = !{ptr @main, !"main", null, !4, !10}
!4 = !{null, !5, !8, null}
!5 = !{!6, !7}
!6 = !{i32 0, ptr undef, !"", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!7 = !{i32 1, ptr undef, !"", i32 0, i32 1, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!8 = !{!9}
!9 = !{i32 0, ptr undef, !"", i32 0, i32 0, i32 1, i32 4, null}
!10 = !{i32 0, i64 16, i32 4, !11}
!11 = !{i32 4, i32 1, i32 1}
!12 = !{i32 1, i32 0, i32 0, i32 4107, i32 0}
!13 = !{i32 2, i32 0, i32 0, i32 13, i32 4}
!14 = !{i32 1, i32 0, i32 1, i32 4107, i32 0}
!15 = !{i32 1, i32 3, i32 0}
!16 = !{}
!17 = !{i32 1, i32 1, i32 99}
