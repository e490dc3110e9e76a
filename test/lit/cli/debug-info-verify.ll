; LLVM 22 verifies a module whose "Debug Info Version" is current while it
; reads it (its debug-info upgrade), and calls report_fatal_error, ending
; the process, when the module is broken; broken debug info it reports on
; stderr and strips. dxil-upgrade runs that verifier first and quietly: a
; broken module is refused with DXIL3001 and no output, as bitcode and as
; text; broken debug info alone is stripped with a warning. The bitcode is
; written by llvm-as without its verifier.
; RUN: llvm-as -disable-verify %s -o %t.bc
; RUN: %dxil-upgrade --no-raise %t.bc -o %t.ok.ll
; RUN: FileCheck --check-prefix=OK %s < %t.ok.ll
; RUN: sed 's/%a = add i32 %x/%a = add i32 %b/' %s > %t.dom.ll
; RUN: llvm-as -disable-verify %t.dom.ll -o %t.dom.bc
; RUN: not %dxil-upgrade --no-raise %t.dom.bc -o %t.out 2>&1 | FileCheck --check-prefix=BROKEN %s
; RUN: not test -e %t.out
; RUN: not %dxil-upgrade --no-raise %t.dom.ll -o %t.out 2>&1 | FileCheck --check-prefix=BROKEN %s
; RUN: not test -e %t.out
; A lazily read module is verified before LLVM's reader has finished with
; it, when the verifier skips its check of intrinsics used as values (a
; global's initializer here); that check is repeated by hand.
; RUN: sed 's/^;G //' %s | llvm-as -disable-verify -o %t.addr.bc
; RUN: not %dxil-upgrade --no-raise %t.addr.bc -o %t.out 2>&1 | FileCheck --check-prefix=ADDR %s
; RUN: not test -e %t.out
; RUN: sed 's/, !dbg !9 ; first/, !dbg !19/' %s > %t.di.ll
; RUN: llvm-as -disable-verify %t.di.ll -o %t.di.bc
; RUN: %dxil-upgrade --no-raise %t.di.bc -o %t.di.out.ll 2>&1 | FileCheck --check-prefix=DI --implicit-check-not=subprogram %s
; RUN: FileCheck --check-prefix=STRIPPED %s < %t.di.out.ll
; RUN: %dxil-upgrade --no-raise %t.di.ll -o %t.di.out.ll 2>&1 | FileCheck --check-prefix=DI --implicit-check-not=subprogram %s
; RUN: FileCheck --check-prefix=STRIPPED %s < %t.di.out.ll
; Broken IR and broken debug info both: the verifier names the debug info
; first (it checks a function's attachments before its body), which alone
; would only be stripped; the error names the IR (DXC's own HL test
; delete_dead_allocas.ll, a 3.7 subprogram with no compile unit and a use
; before its definition).
; RUN: sed 's/%a = add i32 %x/%a = add i32 %b/; s/, !dbg !9 ; first/, !dbg !19/' %s > %t.both.ll
; RUN: llvm-as -disable-verify %t.both.ll -o %t.both.bc
; RUN: not %dxil-upgrade --no-raise %t.both.bc -o %t.out 2>&1 | FileCheck --check-prefix=BROKEN %s
; RUN: not test -e %t.out
; RUN: not %dxil-upgrade --no-raise %t.both.ll -o %t.out 2>&1 | FileCheck --check-prefix=BROKEN %s
; RUN: not test -e %t.out

; OK: %b = add i32 %a, 1, !dbg
; BROKEN: error: LLVM{{( IR)?}}: the module is broken (Instruction does not dominate all uses!){{.*}} [DXIL3001]
; ADDR: error: LLVM: the module is broken (Invalid user of intrinsic instruction!){{.*}} [DXIL3001]
; DI: warning: LLVM: ignoring invalid debug info{{.*}} [DXIL3002]
; STRIPPED: %b = add i32 %a, 1{{$}}
; STRIPPED-NOT: !dbg

target triple = "dxilv1.0-pc-shadermodel6.0-compute"

declare float @llvm.sqrt.f32(float)
;G @g = global ptr @llvm.sqrt.f32

define void @main(i32 %x) !dbg !5 {
entry:
  %a = add i32 %x, 1, !dbg !9 ; first
  %b = add i32 %a, 1, !dbg !9
  ret void, !dbg !9
}

define void @other() !dbg !15 {
  ret void, !dbg !19
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.hlsl", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "main", scope: !1, file: !1, line: 1, type: !6, unit: !0, spFlags: DISPFlagDefinition)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!9 = !DILocation(line: 2, column: 1, scope: !5)
!15 = distinct !DISubprogram(name: "other", scope: !1, file: !1, line: 5, type: !6, unit: !0, spFlags: DISPFlagDefinition)
!19 = !DILocation(line: 6, column: 1, scope: !15)
