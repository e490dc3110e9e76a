; LLVM 22's bitcode reader upgrades a module's datalayout for its triple
; and refuses a result that does not parse; its text parser does not. For a
; PowerPC64 triple it inserts "-i128:128" after the "i64:64" of
; "i64:64:64", leaving "i128:128:64" (preferred alignment below ABI): the
; module reads as text, but its bitcode would not read back. Bitcode is
; refused with the reason (exit 1, nothing written); text is written.
; RUN: rm -f %t.bc %t.lower.bc
; RUN: %expect-exit 1 %dxil-upgrade %s -o %t.bc 2>&1 | %FileCheck %s
; RUN: not test -e %t.bc
; RUN: %dxil-upgrade %s -o %t.ll
; RUN: %FileCheck --check-prefix=TEXT %s < %t.ll
; The same datalayout without the redundant preferred alignment upgrades
; to one LLVM reads, and is written as bitcode.
; RUN: sed 's/i64:64:64/i64:64/' %s | %dxil-upgrade - -o %t.ok.bc
; RUN: %opt -S %t.ok.bc -o - | %FileCheck --check-prefix=OK %s

; CHECK: error: LLVM 22's bitcode reader would refuse the module: for triple 'powerpc64-unknown-linux-gnu' it upgrades the datalayout to 'E-i64:64-i128:128:64-n32:64'
; CHECK-SAME: write .ll instead [DXIL3003]
; TEXT: target datalayout = "E-i64:64:64-n32:64"
; OK: target datalayout = "E-i64:64-i128:128-n32:64"

target datalayout = "E-i64:64:64-n32:64"
target triple = "powerpc64-unknown-linux-gnu"

define i64 @f(i64 %x) {
  ret i64 %x
}
