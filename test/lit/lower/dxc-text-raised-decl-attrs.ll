; DXC's LinAlg stage tests declare ops with attributes the op table does
; not give them (annotateHandle readonly, loadInput without readnone).
; The raise records each such declaration before any pass raises its
; calls (the resource and signature passes remove their declarations), so
; lowering declares them again as the input did. One declaration called
; with two opcodes (loadInput.i32 carrying opcode 3) is recorded too.
; RUN: %dxil-upgrade %s -o - | %FileCheck %s --check-prefix=RAISED
; RUN: %dxil-lower --raise %s -o - | %FileCheck %s --check-prefix=LOWERED
; RUN: %dxil-roundtrip %s | %FileCheck %s --check-prefix=RT
; RAISED-DAG: !{!"dx.op.annotateHandle", i32 2}
; RAISED-DAG: !{!"dx.op.loadInput.f32", i32 0}
; RAISED-DAG: !{!"dx.op.loadInput.i32", i32 1}
; LOWERED-DAG: declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) [[RO:#[0-9]+]]
; LOWERED-DAG: declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) [[NU:#[0-9]+]]
; LOWERED-DAG: attributes [[RO]] = { nounwind memory(read) }
; LOWERED-DAG: attributes [[NU]] = { nounwind }
; RT: dxc-text-raised-decl-attrs.ll: round-trips

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%struct.RWByteAddressBuffer = type { i32 }

define void @main() {
  %h = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %a = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %h, %dx.types.ResourceProperties { i32 4107, i32 0 })
  %x = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  %y = call i32 @dx.op.loadInput.i32(i32 4, i32 1, i32 0, i8 0, i32 undef)
  %z = call i32 @dx.op.loadInput.i32(i32 3, i32 1, i32 0, i8 0, i32 undef)
  %i = fptoui float %x to i32
  %s = add i32 %y, %z
  call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %a, i32 %i, i32 undef, i32 %s, i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  ret void
}

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) #1
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #2
declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
declare i32 @dx.op.loadInput.i32(i32, i32, i32, i8, i32) #1
declare void @dx.op.rawBufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8, i32) #0

attributes #0 = { nounwind }
attributes #1 = { nounwind readnone }
attributes #2 = { nounwind readonly }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!5}

!0 = !{i32 1, i32 8}
!1 = !{!"ps", i32 6, i32 8}
!2 = !{null, !3, null, null}
!3 = !{!4}
!4 = !{i32 0, %struct.RWByteAddressBuffer* undef, !"", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!5 = !{void ()* @main, !"main", !6, !2, null}
!6 = !{!7, null, null}
!7 = !{!8, !9}
!8 = !{i32 0, !"A", i8 9, i8 0, null, i8 2, i32 1, i8 1, i32 0, i8 0, null}
!9 = !{i32 1, !"B", i8 5, i8 0, null, i8 1, i32 1, i8 1, i32 1, i8 0, null}
