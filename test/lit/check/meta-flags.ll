; Meta.FlagsUsage: the ShaderFlags an entry declares (property 0) must be
; the ones its instructions use, over the bits DXC collects. A compute
; shader declaring doubles it does not use fails, one that uses doubles
; without declaring them fails; declaring exactly what is used passes,
; and so do the bits DXC takes from options rather than usage (0x1,
; disable optimizations). DXC's validator gives the same verdicts on
; these modules (written with dxil-lower --no-validate).
; RUN: split-file %s %t
; RUN: not %dxil-upgrade --check %t/extra.ll 2>&1 | %FileCheck %s --check-prefix=EXTRA
; EXTRA: error: Flags must match usage. (declared 0x4, used 0x0) [Meta.FlagsUsage]
; RUN: not %dxil-upgrade --check %t/missing.ll 2>&1 | %FileCheck %s --check-prefix=MISSING
; MISSING: error: Flags must match usage. (declared 0x0, used 0x4) [Meta.FlagsUsage]
; RUN: %dxil-upgrade --check %t/ok.ll
; RUN: %dxil-upgrade --check %t/ok_option.ll

;--- extra.ll
target triple = "dxil-ms-dx"
define void @main() {
  ret void
}
!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{ptr @main, !"main", null, null, !{i32 0, i64 4, i32 4, !{i32 1, i32 1, i32 1}}}

;--- missing.ll
target triple = "dxil-ms-dx"
define void @main() {
  %e = fadd double 1.0, 2.0
  ret void
}
!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 1, i32 1, i32 1}}}

;--- ok.ll
target triple = "dxil-ms-dx"
define void @main() {
  %e = fadd double 1.0, 2.0
  ret void
}
!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{ptr @main, !"main", null, null, !{i32 0, i64 4, i32 4, !{i32 1, i32 1, i32 1}}}

;--- ok_option.ll
target triple = "dxil-ms-dx"
define void @main() {
  ret void
}
!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{ptr @main, !"main", null, null, !{i32 0, i64 1, i32 4, !{i32 1, i32 1, i32 1}}}
