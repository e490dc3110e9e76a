; A hull shader reads its input control points with loadInput in both its
; main function and its patch-constant function: DXC's GetKind gives
; HSCPIn (4) for both (PCIn and HSIn are only for special inputs, which
; loadInput never reads). storeOutput writes output control points:
; HSCPOut (5). The patch-constant function's own outputs are
; storePatchConstant, which is not signature I/O here and stays DXIL.
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-lower %t.ll -o - | %FileCheck --check-prefix=LOWER %s

; CHECK-LABEL: define void @main()
; CHECK: [[CP:%[a-z0-9]+]] = call i32 @dx.op.outputControlPointID.i32(i32 107)
; CHECK: [[X:%[a-z0-9]+]] = call float @llvm.dx.load.input.f32(i32 4, i32 0, i32 0, i8 1, i32 [[CP]])
; CHECK: call void @llvm.dx.store.output.f32(i32 5, i32 0, i32 0, i8 1, i32 poison, float [[X]])
; CHECK-LABEL: define void @patch_const()
; CHECK: [[Y:%[a-z0-9]+]] = call float @llvm.dx.load.input.f32(i32 4, i32 1, i32 0, i8 0, i32 2)
; CHECK: call void @dx.op.storePatchConstant.f32(i32 106, i32 0, i32 0, i8 0, float [[Y]])

; LOWER-LABEL: define void @main()
; LOWER: [[LCP:%[a-z0-9]+]] = call i32 @dx.op.outputControlPointID.i32(i32 107)
; LOWER: [[LX:%[a-z0-9]+]] = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 [[LCP]])
; LOWER: call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float [[LX]])
; LOWER-LABEL: define void @patch_const()
; LOWER: call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 0, i32 2)

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %cp = call i32 @dx.op.outputControlPointID.i32(i32 107)
  %x = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 %cp)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %x)
  ret void
}

define void @patch_const() {
  %y = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 0, i32 2)
  call void @dx.op.storePatchConstant.f32(i32 106, i32 0, i32 0, i8 0, float %y)
  ret void
}

declare i32 @dx.op.outputControlPointID.i32(i32) #0
declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1
declare void @dx.op.storePatchConstant.f32(i32, i32, i32, i8, float) #1

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}

!0 = !{i32 1, i32 0}
!1 = !{!"hs", i32 6, i32 0}
!2 = !{ptr @main, !"main", null, null, !3}
!3 = !{i32 3, !4}
!4 = !{ptr @patch_const, i32 3, i32 3, i32 2, i32 1, i32 3, float 6.400000e+01}
