; The thread group an entry declares (check/chk_sm_entry.c): each
; dimension in [1..1024] for X and Y and [1..64] for Z in compute (and
; node) shaders, [1..128] in mesh and amplification shaders
; (Sm.ThreadGroupChannelRange), and X*Y*Z at most 1024, or 128 for mesh
; and amplification shaders (Sm.MaxTheadGroup). The ok_* modules sit at
; the limits and pass.
; RUN: split-file %s %t
; RUN: %dxil-upgrade --check %t/ok_cs.ll
; RUN: %dxil-upgrade --check %t/ok_cs_z.ll
; RUN: %dxil-upgrade --check %t/ok_ms.ll
; RUN: %dxil-upgrade --check %t/ok_as.ll
; RUN: not %dxil-upgrade --check %t/cs_range.ll 2> %t/cs_range.err
; RUN: %FileCheck %s --check-prefix=CSRANGE < %t/cs_range.err
; CSRANGE: error: Declared Thread Group X size 0 outside valid range [1..1024]. (@main) [Sm.ThreadGroupChannelRange]
; CSRANGE: error: Declared Thread Group Y size 1025 outside valid range [1..1024]. (@main) [Sm.ThreadGroupChannelRange]
; CSRANGE: error: Declared Thread Group Z size 65 outside valid range [1..64]. (@main) [Sm.ThreadGroupChannelRange]
; CSRANGE-NOT: Sm.MaxTheadGroup
; RUN: not %dxil-upgrade --check %t/cs_total.ll 2> %t/cs_total.err
; RUN: %FileCheck %s --check-prefix=CSTOTAL < %t/cs_total.err
; CSTOTAL: error: Declared Thread Group Count 2048 (X*Y*Z) is beyond the valid maximum of 1024. (@main) [Sm.MaxTheadGroup]
; CSTOTAL-NOT: error
; RUN: not %dxil-upgrade --check %t/ms.ll 2> %t/ms.err
; RUN: %FileCheck %s --check-prefix=MS < %t/ms.err
; MS: error: Declared Thread Group X size 129 outside valid range [1..128]. (@main) [Sm.ThreadGroupChannelRange]
; MS: error: Declared Thread Group Count 129 (X*Y*Z) is beyond the valid maximum of 128. (@main) [Sm.MaxTheadGroup]
; RUN: not %dxil-upgrade --check %t/as.ll 2> %t/as.err
; RUN: %FileCheck %s --check-prefix=AS < %t/as.err
; AS: error: Declared Thread Group Count 256 (X*Y*Z) is beyond the valid maximum of 128. (@main) [Sm.MaxTheadGroup]
; AS-NOT: error

;--- ok_cs.ll
target triple = "dxil-ms-dx"

define void @main() {
  ret void
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 1024, i32 1, i32 1}}}

;--- ok_cs_z.ll
target triple = "dxil-ms-dx"

define void @main() {
  ret void
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 1, i32 16, i32 64}}}

;--- ok_ms.ll
target triple = "dxil-ms-dx"

define void @main() {
  call void @dx.op.setMeshOutputCounts(i32 168, i32 0, i32 0)
  ret void
}

declare void @dx.op.setMeshOutputCounts(i32, i32, i32) #0
attributes #0 = { nounwind }

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 5}
!1 = !{!"ms", i32 6, i32 5}
!2 = !{ptr @main, !"main", null, null, !{i32 9, !{!{i32 128, i32 1, i32 1}, i32 0, i32 0, i32 2, i32 0}}}

;--- ok_as.ll
target triple = "dxil-ms-dx"

%struct.P = type { i32 }
@p = internal addrspace(3) global %struct.P zeroinitializer

define void @main() {
  call void @dx.op.dispatchMesh.struct.P(i32 173, i32 1, i32 1, i32 1, ptr addrspace(3) @p)
  ret void
}

declare void @dx.op.dispatchMesh.struct.P(i32, i32, i32, i32, ptr addrspace(3)) #0
attributes #0 = { nounwind }

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 5}
!1 = !{!"as", i32 6, i32 5}
!2 = !{ptr @main, !"main", null, null, !{i32 10, !{!{i32 2, i32 2, i32 32}, i32 4}}}

;--- cs_range.ll
target triple = "dxil-ms-dx"

define void @main() {
  ret void
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 0, i32 1025, i32 65}}}

;--- cs_total.ll
target triple = "dxil-ms-dx"

define void @main() {
  ret void
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 32, i32 32, i32 2}}}

;--- ms.ll
target triple = "dxil-ms-dx"

define void @main() {
  call void @dx.op.setMeshOutputCounts(i32 168, i32 0, i32 0)
  ret void
}

declare void @dx.op.setMeshOutputCounts(i32, i32, i32) #0
attributes #0 = { nounwind }

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 5}
!1 = !{!"ms", i32 6, i32 5}
!2 = !{ptr @main, !"main", null, null, !{i32 9, !{!{i32 129, i32 1, i32 1}, i32 0, i32 0, i32 2, i32 0}}}

;--- as.ll
target triple = "dxil-ms-dx"

%struct.P = type { i32 }
@p = internal addrspace(3) global %struct.P zeroinitializer

define void @main() {
  call void @dx.op.dispatchMesh.struct.P(i32 173, i32 1, i32 1, i32 1, ptr addrspace(3) @p)
  ret void
}

declare void @dx.op.dispatchMesh.struct.P(i32, i32, i32, i32, ptr addrspace(3)) #0
attributes #0 = { nounwind }

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 5}
!1 = !{!"as", i32 6, i32 5}
!2 = !{ptr @main, !"main", null, null, !{i32 10, !{!{i32 16, i32 16, i32 1}, i32 4}}}
