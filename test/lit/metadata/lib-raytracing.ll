; A library with ray-tracing entries: each takes its stage from ShaderKind
; (tag 8); the module-level record (null function) and every property stay
; under !dxu.entryPoints; an external non-shader definition is marked
; "hlsl.export"; internal functions and declarations are not.
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %opt -disable-output -passes='print<dxil-metadata>' %t.ll 2>&1 | %FileCheck --check-prefix=MD %s

; CHECK: target triple = "dxilv1.3-pc-shadermodel6.3-library"
; CHECK: define void @raygen() #[[RG:[0-9]+]]
; CHECK: define void @miss(ptr %p) #[[MISS:[0-9]+]]
; CHECK: define void @chit(ptr %p, ptr %a) #[[CHIT:[0-9]+]]
; CHECK: define void @ahit(ptr %p, ptr %a) #[[AHIT:[0-9]+]]
; CHECK: define void @isect() #[[ISECT:[0-9]+]]
; CHECK: define void @callable(ptr %p) #[[CALL:[0-9]+]]
; CHECK: define float @helper(float %x) #[[HELPER:[0-9]+]]
; CHECK: define internal float @local(float %x) #[[LOCAL:[0-9]+]]
; CHECK: declare void @dx.op.acceptHitAndEndSearch(i32) #[[DECL:[0-9]+]]
; CHECK-DAG: attributes #[[RG]] = { nounwind "hlsl.shader"="raygeneration" }
; CHECK-DAG: attributes #[[MISS]] = { nounwind "hlsl.shader"="miss" }
; CHECK-DAG: attributes #[[CHIT]] = { nounwind "hlsl.shader"="closesthit" }
; CHECK-DAG: attributes #[[AHIT]] = { nounwind "hlsl.shader"="anyhit" }
; CHECK-DAG: attributes #[[ISECT]] = { nounwind "hlsl.shader"="intersection" }
; CHECK-DAG: attributes #[[CALL]] = { nounwind "hlsl.shader"="callable" }
; CHECK-DAG: attributes #[[HELPER]] = { nounwind "hlsl.export" }
; CHECK-DAG: attributes #[[LOCAL]] = { nounwind }
; CHECK-DAG: attributes #[[DECL]] = { noreturn{{( nounwind)?}} }
; CHECK: !dxu.entryPoints = !{![[LIBREC:[0-9]+]], ![[E_RG:[0-9]+]], ![[E_MISS:[0-9]+]], ![[E_CHIT:[0-9]+]], ![[E_AHIT:[0-9]+]], ![[E_ISECT:[0-9]+]], ![[E_CALL:[0-9]+]]}
; CHECK: !dxu.dxrPayloadAnnotations = !{![[PAY:[0-9]+]]}
; CHECK: ![[LIBREC]] = !{null, !"", null, null, ![[FLAGS:[0-9]+]]}
; CHECK: ![[FLAGS]] = !{i32 0, i64 65536}
; CHECK: ![[E_RG]] = !{ptr @raygen, !"raygen", null, null, ![[P_RG:[0-9]+]]}
; CHECK: ![[P_RG]] = !{i32 8, i32 7, i32 5, ![[ASPACE:[0-9]+]]}
; CHECK: ![[E_MISS]] = !{ptr @miss, !"miss", null, null, ![[P_MISS:[0-9]+]]}
; CHECK: ![[P_MISS]] = !{i32 8, i32 11, i32 6, i32 16, i32 5, ![[ASPACE]]}
; CHECK: ![[E_CHIT]] = !{ptr @chit, !"chit", null, null, ![[P_CHIT:[0-9]+]]}
; CHECK: ![[P_CHIT]] = !{i32 8, i32 10, i32 6, i32 16, i32 7, i32 8, i32 5, ![[ASPACE]]}
; CHECK: ![[E_AHIT]] = !{ptr @ahit, !"ahit", null, null, ![[P_AHIT:[0-9]+]]}
; CHECK: ![[E_ISECT]] = !{ptr @isect, !"isect", null, null, ![[P_ISECT:[0-9]+]]}
; CHECK: ![[P_ISECT]] = !{i32 8, i32 8, i32 7, i32 8, i32 5, ![[ASPACE]]}
; CHECK: ![[E_CALL]] = !{ptr @callable, !"callable", null, null, ![[P_CALL:[0-9]+]]}
; CHECK: ![[P_CALL]] = !{i32 8, i32 12, i32 6, i32 4, i32 5, ![[ASPACE]]}
; CHECK: ![[PAY]] = !{i32 0, %struct.Payload undef, !{{[0-9]+}}}

; MD: Target Shader Stage : library
; MD-DAG: raygen{{$}}
; MD-DAG: Function Shader Stage : raygeneration
; MD-DAG: Function Shader Stage : miss
; MD-DAG: Function Shader Stage : closesthit
; MD-DAG: Function Shader Stage : anyhit
; MD-DAG: Function Shader Stage : intersection
; MD-DAG: Function Shader Stage : callable

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%struct.Payload = type { <4 x float> }

define void @raygen() #0 {
  ret void
}
define void @miss(ptr %p) #0 {
  ret void
}
define void @chit(ptr %p, ptr %a) #0 {
  ret void
}
define void @ahit(ptr %p, ptr %a) #0 {
  call void @dx.op.acceptHitAndEndSearch(i32 156)
  unreachable
}
define void @isect() #0 {
  ret void
}
define void @callable(ptr %p) #0 {
  ret void
}
define float @helper(float %x) #0 {
  %y = call float @local(float %x)
  ret float %y
}
define internal float @local(float %x) #0 {
  ret float %x
}
declare void @dx.op.acceptHitAndEndSearch(i32) #1

attributes #0 = { nounwind }
attributes #1 = { noreturn }

!dx.version = !{!1}
!dx.valver = !{!1}
!dx.shaderModel = !{!2}
!dx.dxrPayloadAnnotations = !{!3}
!dx.entryPoints = !{!6, !8, !10, !12, !14, !16, !18}

!1 = !{i32 1, i32 3}
!2 = !{!"lib", i32 6, i32 3}
!3 = !{i32 0, %struct.Payload undef, !4}
!4 = !{!5}
!5 = !{i32 0, i32 819}
!6 = !{null, !"", null, null, !7}
!7 = !{i32 0, i64 65536}
!8 = !{ptr @raygen, !"raygen", null, null, !9}
!9 = !{i32 8, i32 7, i32 5, !20}
!10 = !{ptr @miss, !"miss", null, null, !11}
!11 = !{i32 8, i32 11, i32 6, i32 16, i32 5, !20}
!12 = !{ptr @chit, !"chit", null, null, !13}
!13 = !{i32 8, i32 10, i32 6, i32 16, i32 7, i32 8, i32 5, !20}
!14 = !{ptr @ahit, !"ahit", null, null, !15}
!15 = !{i32 8, i32 9, i32 6, i32 16, i32 7, i32 8, i32 5, !20}
!16 = !{ptr @isect, !"isect", null, null, !17}
!17 = !{i32 8, i32 8, i32 7, i32 8, i32 5, !20}
!18 = !{ptr @callable, !"callable", null, null, !19}
!19 = !{i32 8, i32 12, i32 6, i32 4, i32 5, !20}
!20 = !{i32 0}
