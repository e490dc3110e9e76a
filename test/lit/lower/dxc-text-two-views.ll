; One texture binding annotated with two ResourceProperties, a float4 and
; an int4 view (DXC's validator accepts this). Each view becomes a handle of
; its own type, and lowering gives each use back its own annotateHandle words
; rather than the first ones recorded for the binding.
; RUN: %dxil-upgrade %s -o - | %FileCheck %s --check-prefix=RAISED
; RUN: %dxil-lower --raise %s -o - | %FileCheck %s --check-prefix=LOWERED
; RUN: %dxil-roundtrip %s | %FileCheck %s --check-prefix=RT
; RAISED-DAG: handlefrombinding.tdx.Texture_v4f32_0_0_0_2t(i32 0, i32 0, i32 1, i32 0, ptr null)
; RAISED-DAG: handlefrombinding.tdx.Texture_v4i32_0_0_1_2t(i32 0, i32 0, i32 1, i32 0, ptr null)
; RAISED-DAG: !{i32 0, i32 0, i32 0, i32 2, i32 1033}
; RAISED-DAG: !{i32 0, i32 0, i32 0, i32 2, i32 1028}
; LOWERED-DAG: %[[F:[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %{{[0-9]+}}, %dx.types.ResourceProperties { i32 2, i32 1033 })
; LOWERED-DAG: %[[I:[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %{{[0-9]+}}, %dx.types.ResourceProperties { i32 2, i32 1028 })
; LOWERED-DAG: @dx.op.textureLoad.f32(i32 66, %dx.types.Handle %[[F]],
; LOWERED-DAG: @dx.op.textureLoad.i32(i32 66, %dx.types.Handle %[[I]],
; RT: dxc-text-two-views.ll: round-trips

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }
%"class.Texture2D<vector<float, 4> >" = type { <4 x float>, %"class.Texture2D<vector<float, 4> >::mips_type" }
%"class.Texture2D<vector<float, 4> >::mips_type" = type { i32 }
%struct.RWByteAddressBuffer = type { i32 }

define void @main() {
  %tex = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %out = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %asf = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %tex, %dx.types.ResourceProperties { i32 2, i32 1033 })
  %lf = call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle %asf, i32 0, i32 0, i32 0, i32 undef, i32 undef, i32 undef, i32 undef)
  %f = extractvalue %dx.types.ResRet.f32 %lf, 0
  %asi = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %tex, %dx.types.ResourceProperties { i32 2, i32 1028 })
  %li = call %dx.types.ResRet.i32 @dx.op.textureLoad.i32(i32 66, %dx.types.Handle %asi, i32 0, i32 0, i32 0, i32 undef, i32 undef, i32 undef, i32 undef)
  %i = extractvalue %dx.types.ResRet.i32 %li, 0
  %fi = bitcast float %f to i32
  %sum = add i32 %i, %fi
  %uav = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %out, %dx.types.ResourceProperties { i32 4107, i32 0 })
  call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %uav, i32 0, i32 undef, i32 %sum, i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  ret void
}

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) #0
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #0
declare %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i32) #1
declare %dx.types.ResRet.i32 @dx.op.textureLoad.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i32) #1
declare void @dx.op.rawBufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8, i32) #2

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind readonly }
attributes #2 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!8}

!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{!3, !6, null, null}
!3 = !{!4}
!4 = !{i32 0, %"class.Texture2D<vector<float, 4> >"* undef, !"", i32 0, i32 0, i32 1, i32 2, i32 0, !5}
!5 = !{i32 0, i32 9}
!6 = !{!7}
!7 = !{i32 0, %struct.RWByteAddressBuffer* undef, !"", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!8 = !{void ()* @main, !"main", null, !2, !9}
!9 = !{i32 0, i64 16, i32 4, !10}
!10 = !{i32 4, i32 1, i32 1}
