; DXC's module-level metadata rules (check/chk_meta_module.c): named
; metadata DXC knows only (Meta.Known: the dx.* nodes of DXIL, llvm.ident
; and llvm.module.flags), a validator version up to 1.10 and a DXIL
; version up to 1.10 (Meta.VersionSupported), the DXIL version the
; shader model needs (Sm.DxilVersion: 1.x for 6.x) and the dxil-ms-dx
; triple (Meta.Target). ok.ll has each at its limit and passes.
; RUN: split-file %s %t
; RUN: %dxil-upgrade --check %t/ok.ll
; RUN: not %dxil-upgrade --check %t/known.ll 2> %t/known.err
; RUN: %FileCheck %s --check-prefix=KNOWN < %t/known.err
; KNOWN: error: Named metadata 'mut.named' is unknown. [Meta.Known]
; KNOWN: error: Named metadata 'llvm.mutant' is unknown. [Meta.Known]
; KNOWN-NOT: is unknown
; RUN: not %dxil-upgrade --check %t/valver.ll 2> %t/valver.err
; RUN: %FileCheck %s --check-prefix=VALVER < %t/valver.err
; VALVER: error: Validator version in metadata (1.11) is not supported; maximum: (1.10). [Meta.VersionSupported]
; VALVER-NOT: error
; RUN: not %dxil-upgrade --check %t/dxilver.ll 2> %t/dxilver.err
; RUN: %FileCheck %s --check-prefix=DXILVER < %t/dxilver.err
; DXILVER: error: Dxil version in metadata (1.11) is not supported; maximum: (1.10). [Meta.VersionSupported]
; DXILVER: error: Shader model requires Dxil Version 1.2. [Sm.DxilVersion]
; RUN: not %dxil-upgrade --check %t/low.ll 2> %t/low.err
; RUN: %FileCheck %s --check-prefix=LOW < %t/low.err
; LOW: error: Shader model requires Dxil Version 1.2. [Sm.DxilVersion]
; LOW-NOT: error
; RUN: not %dxil-upgrade --check %t/target.ll 2> %t/target.err
; RUN: %FileCheck %s --check-prefix=TARGET < %t/target.err
; TARGET: error: Unknown target triple 'dxil-ms-dx12'. [Meta.Target]

;--- ok.ll
target triple = "dxil-ms-dx"

define void @main() {
  ret void
}

!llvm.ident = !{!9}
!dx.valver = !{!5}
!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 2}
!1 = !{!"cs", i32 6, i32 2}
!2 = !{ptr @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 64, i32 1, i32 1}
!5 = !{i32 1, i32 10}
!9 = !{!"clang"}

;--- known.ll
target triple = "dxil-ms-dx"

define void @main() {
  ret void
}

!mut.named = !{!9}
!llvm.mutant = !{!9}
!llvm.ident = !{!9}
!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 2}
!1 = !{!"cs", i32 6, i32 2}
!2 = !{ptr @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 64, i32 1, i32 1}
!9 = !{!"clang"}

;--- valver.ll
target triple = "dxil-ms-dx"

define void @main() {
  ret void
}

!dx.valver = !{!5}
!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 2}
!1 = !{!"cs", i32 6, i32 2}
!2 = !{ptr @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 64, i32 1, i32 1}
!5 = !{i32 1, i32 11}

;--- dxilver.ll
target triple = "dxil-ms-dx"

define void @main() {
  ret void
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 11}
!1 = !{!"cs", i32 6, i32 2}
!2 = !{ptr @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 64, i32 1, i32 1}

;--- low.ll
target triple = "dxil-ms-dx"

define void @main() {
  ret void
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 2}
!2 = !{ptr @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 64, i32 1, i32 1}

;--- target.ll
target triple = "dxil-ms-dx12"

define void @main() {
  ret void
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 2}
!1 = !{!"cs", i32 6, i32 2}
!2 = !{ptr @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 64, i32 1, i32 1}
