; LLVM prints a string attribute's key unescaped (its value is escaped), and
; LLVMPrintModuleToString's string ends at a NUL: a key holding a NUL was
; written as text cut off inside the attribute ("end of file in string
; constant" when read back; a fuzz regression input, run through
; dxil-upgrade). Its bitcode writer ends the key at the NUL, which its reader
; refuses. Both are refused, naming the function; nothing is written.
; RUN: rm -f %t.ll %t.bc
; RUN: %expect-exit 1 %dxil-upgrade %s -o %t.ll 2>&1 | %FileCheck --check-prefix=TEXT %s
; RUN: not test -e %t.ll
; RUN: %expect-exit 1 %dxil-upgrade %s -o %t.bc 2>&1 | %FileCheck --check-prefix=BC %s
; RUN: not test -e %t.bc
; A quote in the key: text would read back as another key and is refused;
; bitcode carries it and is written.
; RUN: sed 's/a\\00b/a\\22b/' %s > %t.quote.ll
; RUN: %expect-exit 1 %dxil-upgrade %t.quote.ll -o %t.q.ll 2>&1 | %FileCheck --check-prefix=TEXT %s
; RUN: %dxil-upgrade %t.quote.ll -o %t.q.bc
; RUN: %opt -passes=verify -disable-output %t.q.bc
; TEXT: error: function @f: string attribute "a{{.*}}" holds a NUL, quote or backslash, which LLVM prints unescaped: LLVM's text would not read back [DXIL3003]
; BC: error: function @f: string attribute "a..." holds a NUL, where LLVM's bitcode writer ends it: LLVM's bitcode would not read back [DXIL3003]

define void @f() #0 {
  ret void
}

attributes #0 = { "a\00b"="1" }
