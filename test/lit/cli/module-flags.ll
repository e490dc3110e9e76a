; LLVM 22 reads !llvm.module.flags without checking its shape:
; Module::getModuleFlag (reached at once by the loader through the
; "Debug Info Version" lookup, and by LLVM's bitcode reader for "Linker
; Options") casts an entry's key to MDString and reads its third operand
; unchecked. !{null, null, null} ended dxil-upgrade with a segmentation
; fault, as text and as bitcode. Each entry must be {iN behaviour in 1..8,
; !"key", value} (what LLVM's verifier requires); a "Linker Options" value a
; tuple of tuples. Refused with DXIL2013 naming the entry, no output. The
; bitcode is written by llvm-as without its verifier.
; RUN: %dxil-upgrade --no-raise %s -o %t.ok.ll
; RUN: FileCheck --check-prefix=OK %s < %t.ok.ll
; RUN: llvm-as -disable-verify %s -o %t.ok.bc
; RUN: %dxil-upgrade --no-raise %t.ok.bc -o %t.ok.bc.ll
; RUN: FileCheck --check-prefix=OK %s < %t.ok.bc.ll
;
; RUN: sed 's/^!2 = .*/!2 = !{null, null, null}/' %s > %t.null.ll
; RUN: %expect-exit 1 %dxil-upgrade %t.null.ll -o %t.out 2>&1 | FileCheck --check-prefix=TNULL %s
; RUN: not test -e %t.out
; RUN: llvm-as -disable-verify %t.null.ll -o %t.null.bc
; RUN: %expect-exit 1 %dxil-upgrade %t.null.bc -o %t.out 2>&1 | FileCheck --check-prefix=BNULL %s
; RUN: not test -e %t.out
;
; RUN: sed 's/^!2 = .*/!2 = !{i32 2, !"k"}/' %s > %t.two.ll
; RUN: %expect-exit 1 %dxil-upgrade %t.two.ll 2>&1 | FileCheck --check-prefix=TTWO %s
; RUN: llvm-as -disable-verify %t.two.ll -o %t.two.bc
; RUN: %expect-exit 1 %dxil-upgrade %t.two.bc 2>&1 | FileCheck --check-prefix=BTWO %s
;
; RUN: sed 's/^!2 = .*/!2 = !{i32 9, !"k", i32 1}/' %s > %t.range.ll
; RUN: %expect-exit 1 %dxil-upgrade %t.range.ll 2>&1 | FileCheck --check-prefix=TRANGE %s
; RUN: sed 's/^!2 = .*/!2 = !{i32 1, i32 1, i32 1}/' %s > %t.key.ll
; RUN: %expect-exit 1 %dxil-upgrade %t.key.ll 2>&1 | FileCheck --check-prefix=TKEY %s
; RUN: llvm-as -disable-verify %t.key.ll -o %t.key.bc
; RUN: %expect-exit 1 %dxil-upgrade %t.key.bc 2>&1 | FileCheck --check-prefix=BKEY %s
;
; RUN: sed 's/^!2 = .*/!2 = !{i32 6, !"Linker Options", !{!"-lm", null}}/' %s > %t.linker.ll
; RUN: %expect-exit 1 %dxil-upgrade %t.linker.ll 2>&1 | FileCheck --check-prefix=TLINKER %s
; RUN: llvm-as -disable-verify %t.linker.ll -o %t.linker.bc
; RUN: %expect-exit 1 %dxil-upgrade %t.linker.bc 2>&1 | FileCheck --check-prefix=BLINKER %s
; RUN: sed 's/^!2 = .*/!2 = !{i32 6, !"Linker Options", i32 1}/' %s | llvm-as -disable-verify -o %t.linker2.bc
; RUN: %expect-exit 1 %dxil-upgrade %t.linker2.bc 2>&1 | FileCheck --check-prefix=BLINKER %s
; Well formed, it passes the check and LLVM 22's verifier refuses it (no
; longer supported): bad input, not a crash.
; RUN: sed 's/^!2 = .*/!2 = !{i32 6, !"Linker Options", !3}/' %s > %t.linker-ok.ll
; RUN: %expect-exit 1 %dxil-upgrade --no-raise %t.linker-ok.ll 2>&1 | FileCheck --check-prefix=LINKER-OK %s
;
; A compile-unit list of anything but compile units: LLVM's reader casts its
; operands when it upgrades LLVM 3.7 global variables. Refused in bitcode.
; RUN: sed 's/^!llvm.ident = /!llvm.dbg.cu = !{!3}\n&/' %s | llvm-as -disable-verify -o %t.cu.bc
; RUN: %expect-exit 1 %dxil-upgrade %t.cu.bc 2>&1 | FileCheck --check-prefix=BCU %s

target triple = "dxilv1.0-pc-shadermodel6.0-compute"

define void @main() {
  ret void
}

; OK: !llvm.module.flags = !{!0, !1}
; TNULL: module-flags.ll.tmp.null.ll:[[@LINE+15]]: error: !llvm.module.flags entry 1 (!2) has no integer behaviour in 1..8{{.*}}[DXIL2013
; BNULL: error: {{.*}}!llvm.module.flags entry (metadata {{[0-9]+}}) has a behaviour that is not a constant in block 15 (METADATA_BLOCK){{.*}}[DXIL2013 at bit {{[0-9]+}}
; TTWO: error: !llvm.module.flags entry 1 (!2) does not have 3 operands{{.*}}[DXIL2013
; BTWO: error: {{.*}}does not have 3 operands {behaviour, key, value}{{.*}}[DXIL2013 at bit {{.*}}
; TRANGE: error: !llvm.module.flags entry 1 (!2) has no integer behaviour in 1..8{{.*}}[DXIL2013
; TKEY: error: !llvm.module.flags entry 1 (!2) has a key that is not a string{{.*}}[DXIL2013
; BKEY: error: {{.*}}has a key that is not a string{{.*}}[DXIL2013 at bit {{.*}}
; TLINKER: error: !llvm.module.flags entry 1 (!2) is "Linker Options" without a tuple of tuples as its value{{.*}}[DXIL2013
; BLINKER: error: {{.*}}module flag "Linker Options" (metadata node {{[0-9]+}}) needs a node of nodes as its value{{.*}}[DXIL2013 at bit {{.*}}
; LINKER-OK: error: LLVM verifier: 'Linker Options' named metadata no longer supported
; LINKER-OK: [DXIL3001]
; BCU: error: {{.*}}!llvm.dbg.cu operand 0 (metadata {{[0-9]+}}) is not a compile unit{{.*}}[DXIL2013 at bit {{.*}}
!llvm.module.flags = !{!1, !2}
!llvm.ident = !{!4}
!1 = !{i32 2, !"Dwarf Version", i32 4}
!2 = !{i32 1, !"dx.flag", i32 3}
!3 = !{!5}
!4 = !{!"clang"}
!5 = !{!"-lm"}
