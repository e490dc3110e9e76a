; In a library each entry names its own stage (tag 8); a hull entry's
; patch-constant function runs in the hull stage. A library function that
; is neither may be called from any stage, so its signature I/O has no
; single SigPoint: it stays DXIL, counted as signature-gap.
; RUN: %dxil-upgrade --verify --stats %s -o %t.ll > %t.stats 2> %t.err
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck --check-prefix=STATS %s < %t.stats
; RUN: %FileCheck --check-prefix=WARN %s < %t.err

; CHECK-LABEL: define void @vsmain()
; CHECK: call float @llvm.dx.load.input.f32(i32 0, i32 0, i32 0, i8 0, i32 undef)
; CHECK: call void @llvm.dx.store.output.f32(i32 1, i32 0, i32 0, i8 0, i32 poison,
; CHECK-LABEL: define void @psmain()
; CHECK: call float @llvm.dx.load.input.f32(i32 13,
; CHECK: call void @llvm.dx.store.output.f32(i32 14,
; CHECK-LABEL: define void @hsmain()
; CHECK: call void @llvm.dx.store.output.f32(i32 5,
; CHECK-LABEL: define void @pcf()
; CHECK: call float @llvm.dx.load.input.f32(i32 4,
; CHECK-LABEL: define void @helper()
; CHECK: call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)

; STATS: 4 LoadInput 4 3 1 signature-gap 1
; STATS: 5 StoreOutput 3 3 0
; WARN: kept 1 dx.op.loadInput call(s) as DXIL: no SigPoint

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @vsmain() {
  %a = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %a)
  ret void
}

define void @psmain() {
  %a = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %a)
  ret void
}

define void @hsmain() {
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float 1.0)
  ret void
}

define void @pcf() {
  %a = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 1)
  call void @dx.op.storePatchConstant.f32(i32 106, i32 0, i32 0, i8 0, float %a)
  ret void
}

define void @helper() {
  %a = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  ret void
}

declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1
declare void @dx.op.storePatchConstant.f32(i32, i32, i32, i8, float) #1

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2, !3, !5, !7}

!0 = !{i32 1, i32 3}
!1 = !{!"lib", i32 6, i32 3}
!2 = !{null, !"", null, null, null}
!3 = !{ptr @vsmain, !"vsmain", null, null, !4}
!4 = !{i32 8, i32 1}
!5 = !{ptr @psmain, !"psmain", null, null, !6}
!6 = !{i32 8, i32 0}
!7 = !{ptr @hsmain, !"hsmain", null, null, !8}
!8 = !{i32 8, i32 3, i32 3, !9}
!9 = !{ptr @pcf, i32 3, i32 3, i32 2, i32 1, i32 3, float 6.400000e+01}
