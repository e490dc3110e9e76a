; DXC's validator tests call an op through the function of another class,
; or of a name no class has (annotateHandle through @dx.op.annotateHandle2,
; a unary op through @dx.op.binary.f32). The raise keeps such calls, and
; the handle they annotate, as DXIL (lowering would bring them back under
; their own names); --check names them; the module round-trips.
; RUN: %dxil-upgrade --verify %s -o - 2>/dev/null | %FileCheck %s --check-prefix=RAISED
; RUN: %expect-exit 1 %dxil-upgrade --check %s 2>&1 | %FileCheck %s --check-prefix=CHECK-OPS
; RUN: %dxil-roundtrip %s | %FileCheck %s --check-prefix=RT
; RAISED: %h = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217,
; RAISED: call %dx.types.Handle @dx.op.annotateHandle2(i32 216, %dx.types.Handle %h,
; RAISED: call float @dx.op.binary.f32(i32 13, float %x)
; CHECK-OPS-DAG: 'dx.op.annotateHandle2' is not a DXILOpFuncition for DXILOpcode 'AnnotateHandle'. {{.*}}[Instr.IllegalDXILOpFunction]
; CHECK-OPS-DAG: 'dx.op.binary.f32' is not a DXILOpFuncition for DXILOpcode 'Sin'. {{.*}}[Instr.IllegalDXILOpFunction]
; RT: dxc-text-other-class.ll: round-trips

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%struct.RWByteAddressBuffer = type { i32 }

define void @main(float %x) {
  %h = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %a = call %dx.types.Handle @dx.op.annotateHandle2(i32 216, %dx.types.Handle %h, %dx.types.ResourceProperties { i32 4107, i32 0 })
  %s = call float @dx.op.binary.f32(i32 13, float %x)
  %i = fptoui float %s to i32
  call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %a, i32 %i, i32 undef, i32 %i, i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  ret void
}

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) #0
declare %dx.types.Handle @dx.op.annotateHandle2(i32, %dx.types.Handle, %dx.types.ResourceProperties) #0
declare float @dx.op.binary.f32(i32, float) #0
declare void @dx.op.rawBufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8, i32) #1

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!5}

!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{null, !3, null, null}
!3 = !{!4}
!4 = !{i32 0, %struct.RWByteAddressBuffer* undef, !"", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!5 = !{void (float)* @main, !"main", null, !2, !6}
!6 = !{i32 4, !7}
!7 = !{i32 1, i32 1, i32 1}
