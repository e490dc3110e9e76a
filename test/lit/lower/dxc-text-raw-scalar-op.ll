; At DXIL 1.9 DXC writes vectors through rawBufferStore (140, lanes and a
; mask) in some modules and through rawBufferVectorStore (304) in others.
; Both raise to llvm.dx.resource.store.rawbuffer of the vector; the first
; carries !dxu.rawScalarOp, so lowering writes each with the op it had.
; RUN: %dxil-upgrade %s -o - | %FileCheck %s --check-prefix=RAISED
; RUN: %dxil-lower --raise %s -o - | %FileCheck %s --check-prefix=LOWERED
; RUN: %dxil-roundtrip %s | %FileCheck %s --check-prefix=RT
; RAISED: call void @llvm.dx.resource.store.rawbuffer.{{.*}}.v2f32({{.*}}), !dxu.rawScalarOp ![[E:[0-9]+]]
; RAISED: call void @llvm.dx.resource.store.rawbuffer.{{.*}}.v2f32({{.*}})
; RAISED-NOT: !dxu.rawScalarOp
; RAISED: ![[E]] = !{}
; LOWERED: call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %{{.*}}, i32 0, i32 undef, float %x, float %y, float undef, float undef, i8 3, i32 4)
; LOWERED: call void @dx.op.rawBufferVectorStore.v2f32(i32 304, %dx.types.Handle %{{.*}}, i32 1, i32 undef, <2 x float> %v, i32 4)
; RT: dxc-text-raw-scalar-op.ll: round-trips

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%struct.RWByteAddressBuffer = type { i32 }

define void @main(float %x, float %y) {
  %h = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %a = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %h, %dx.types.ResourceProperties { i32 4107, i32 0 })
  call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %a, i32 0, i32 undef, float %x, float %y, float undef, float undef, i8 3, i32 4)
  %v0 = insertelement <2 x float> undef, float %x, i32 0
  %v = insertelement <2 x float> %v0, float %y, i32 1
  call void @dx.op.rawBufferVectorStore.v2f32(i32 304, %dx.types.Handle %a, i32 1, i32 undef, <2 x float> %v, i32 4)
  ret void
}

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) #0
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #0
declare void @dx.op.rawBufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8, i32) #1
declare void @dx.op.rawBufferVectorStore.v2f32(i32, %dx.types.Handle, i32, i32, <2 x float>, i32) #1

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!5}

!0 = !{i32 1, i32 9}
!1 = !{!"lib", i32 6, i32 9}
!2 = !{null, !3, null, null}
!3 = !{!4}
!4 = !{i32 0, %struct.RWByteAddressBuffer* undef, !"", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!5 = !{null, !"", null, !2, null}
