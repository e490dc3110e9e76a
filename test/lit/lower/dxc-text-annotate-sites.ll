; DXC annotates a handle once per use site: here one RWByteAddressBuffer
; binding twice, each call right before its first user in its own block
; (the second serves two); a cbuffer with the creations; and one call a
; bitcast before its user. The
; raise folds equal annotations into one handle and records where each
; call stood (!dxu.annotates: calls, uses, place); lowering gives back
; DXC's calls in DXC's places, so the module round-trips exactly, as text
; and as a container whose bitcode comes back byte for byte.
; RUN: rm -rf %t && mkdir %t
; RUN: %dxil-upgrade %s -o - | %FileCheck %s --check-prefix=RAISED
; RUN: %dxil-lower --raise %s -o - | %FileCheck %s --check-prefix=LOWERED
; RUN: %dxil-roundtrip %s | %FileCheck %s --check-prefix=RT
; A DXC text fragment (its main takes a parameter, which DXC's validator
; refuses): written past the signing gate.
; RUN: %dxil-lower --no-validate %s -o %t/sites.dxil
; RUN: %dxil-roundtrip --binary --exact-ir %t/sites.dxil | %FileCheck %s --check-prefix=BIN

; RAISED: %buf = call target("dx.RawBuffer", i8, 1, 0) @llvm.dx.resource.handlefrombinding{{.*}}, !dxu.annotates ![[BUF:[0-9]+]]
; RAISED: %cb = call target("dx.CBuffer", {{.*}} @llvm.dx.resource.handlefrombinding{{.*}}, !dxu.annotates ![[CB:[0-9]+]]
; RAISED: %out = call target("dx.RawBuffer", i8, 1, 0) @llvm.dx.resource.handlefrombinding{{.*}}, !dxu.annotates ![[OUT:[0-9]+]]
; RAISED-NOT: @dx.op.annotateHandle
; RAISED-DAG: ![[BUF]] = !{i32 1, i32 1, i32 0, i32 1, i32 2, i32 0}
; RAISED-DAG: ![[CB]] = !{i32 1, i32 2, i32 1}
; RAISED-DAG: ![[OUT]] = !{i32 1, i32 1, i32 3}

; LOWERED: %buf = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }
; LOWERED-NEXT: %cb = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 2 }
; LOWERED-NEXT: %out = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 1 }
; LOWERED-NEXT: %[[C:[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %cb,
; LOWERED-NEXT: %x2 = fmul float %x, 2.000000e+00
; LOWERED-NEXT: call %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32 59, %dx.types.Handle %[[C]], i32 0)
; LOWERED: then:
; LOWERED-NEXT: %[[A1:[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %buf, %dx.types.ResourceProperties { i32 4107, i32 0 })
; LOWERED-NEXT: call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %[[A1]],
; LOWERED: end:
; LOWERED-NEXT: %[[A2:[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %buf, %dx.types.ResourceProperties { i32 4107, i32 0 })
; LOWERED-NEXT: call %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle %[[A2]],
; LOWERED: call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %[[A2]],
; LOWERED: %[[A3:[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %out,
; LOWERED-NEXT: %bits = bitcast float %x2 to i32
; LOWERED-NEXT: call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %[[A3]], i32 0, i32 undef, i32 %bits,
; LOWERED-NOT: dxu.annotates

; RT: dxc-text-annotate-sites.ll: round-trips
; BIN: sites.dxil: round-trips (all 6 parts identical

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }
%dx.types.CBufRet.i32 = type { i32, i32, i32, i32 }
%struct.RWByteAddressBuffer = type { i32 }
%Consts = type { i32 }

define void @main(float %x) {
  %buf = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %cb = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 2 }, i32 0, i1 false)
  %out = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 1 }, i32 1, i1 false)
  %1 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %cb, %dx.types.ResourceProperties { i32 13, i32 4 })
  %x2 = fmul float %x, 2.000000e+00
  %2 = call %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32 59, %dx.types.Handle %1, i32 0)
  %3 = extractvalue %dx.types.CBufRet.i32 %2, 0
  %z = icmp eq i32 %3, 0
  br i1 %z, label %then, label %end

then:
  %4 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %buf, %dx.types.ResourceProperties { i32 4107, i32 0 })
  call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %4, i32 0, i32 undef, i32 %3, i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  br label %end

end:
  %5 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %buf, %dx.types.ResourceProperties { i32 4107, i32 0 })
  %6 = call %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle %5, i32 4, i32 undef, i8 1, i32 4)
  %7 = extractvalue %dx.types.ResRet.i32 %6, 0
  %8 = call %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32 59, %dx.types.Handle %1, i32 0)
  %9 = extractvalue %dx.types.CBufRet.i32 %8, 1
  %sum = add i32 %7, %9
  call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %5, i32 8, i32 undef, i32 %sum, i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  %10 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %out, %dx.types.ResourceProperties { i32 4107, i32 0 })
  %bits = bitcast float %x2 to i32
  call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %10, i32 0, i32 undef, i32 %bits, i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  ret void
}

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) #0
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #0
declare %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32, %dx.types.Handle, i32) #1
declare %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32, %dx.types.Handle, i32, i32, i8, i32) #1
declare void @dx.op.rawBufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8, i32) #2

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind readonly }
attributes #2 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!10}

!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{null, !3, !6, null}
!3 = !{!4, !5}
!4 = !{i32 0, %struct.RWByteAddressBuffer* undef, !"", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!5 = !{i32 1, %struct.RWByteAddressBuffer* undef, !"", i32 0, i32 1, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!6 = !{!7}
!7 = !{i32 0, %Consts* undef, !"", i32 0, i32 0, i32 1, i32 4, null}
!10 = !{void (float)* @main, !"main", null, !2, !11}
!11 = !{i32 0, i64 16, i32 4, !12}
!12 = !{i32 4, i32 1, i32 1}
