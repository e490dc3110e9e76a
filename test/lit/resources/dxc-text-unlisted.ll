; What DXC's validation and optimizer tests hold and no raise can name
; faithfully stays DXIL with a warning, and the module round-trips:
; - createHandleFromBinding of a binding the module's !dx.resources does
;   not list (lowering could not name it again);
; - createHandleForLib of a global that is no dx.resources symbol;
; - a raw buffer load whose alignment operand is not a constant.
; A listed binding is raised as usual.
; RUN: %dxil-upgrade --verify %s -o %t.ll 2>&1 | %FileCheck %s --check-prefix=WARN
; RUN: %FileCheck %s --check-prefix=RAISED < %t.ll
; RUN: %dxil-roundtrip %s | %FileCheck %s --check-prefix=RT
; WARN-DAG: warning: createHandleFromBinding in @main kept as DXIL: no !dx.resources record has its binding [DXIL5002]
; WARN-DAG: warning: createHandleForLib in @main kept as DXIL: its global @G is not a dx.resources symbol [DXIL5002]
; RAISED: call target("dx.RawBuffer", i8, 1, 0) @llvm.dx.resource.handlefrombinding
; RAISED: @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 5, i32 5, i32 0, i8 1 }
; RAISED: @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle %{{.*}}, i32 0, i32 undef, i8 1, i32 %al)
; RAISED: @dx.op.createHandleForLib
; RT: dxc-text-unlisted.ll: round-trips

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }
%struct.RWByteAddressBuffer = type { i32 }

@G = external constant %struct.RWByteAddressBuffer

define void @main(i32 %al) {
  %h0 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %a0 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %h0, %dx.types.ResourceProperties { i32 4107, i32 0 })
  %h1 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 5, i32 5, i32 0, i8 1 }, i32 5, i1 false)
  %a1 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %h1, %dx.types.ResourceProperties { i32 4107, i32 0 })
  %l0 = call %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle %a0, i32 0, i32 undef, i8 1, i32 %al)
  %v0 = extractvalue %dx.types.ResRet.i32 %l0, 0
  call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %a1, i32 0, i32 undef, i32 %v0, i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  %g = load %struct.RWByteAddressBuffer, %struct.RWByteAddressBuffer* @G
  %h2 = call %dx.types.Handle @dx.op.createHandleForLib.struct.RWByteAddressBuffer(i32 160, %struct.RWByteAddressBuffer %g)
  %a2 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %h2, %dx.types.ResourceProperties { i32 4107, i32 0 })
  call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %a2, i32 4, i32 undef, i32 %v0, i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  ret void
}

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) #0
declare %dx.types.Handle @dx.op.createHandleForLib.struct.RWByteAddressBuffer(i32, %struct.RWByteAddressBuffer) #1
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #0
declare %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32, %dx.types.Handle, i32, i32, i8, i32) #1
declare void @dx.op.rawBufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8, i32) #2

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind readonly }
attributes #2 = { nounwind }

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
!5 = !{void (i32)* @main, !"main", null, !2, !6}
!6 = !{i32 4, !7}
!7 = !{i32 1, i32 1, i32 1}
