; An old five-argument memory intrinsic (LLVM 3.7 form) whose alignment is
; not an integer literal: LLVM's upgrade of the call casts the alignment to
; a constant integer without a check and reads what it finds, so the
; result changed from run to run (an LLVM 3.7 verifier test in DXC's
; repository upgraded in one process and was refused with a garbage
; alignment in another, --batch with threads). It is refused before LLVM
; parses the text, naming the line and the intrinsic.
; RUN: rm -f %t.ll
; RUN: %expect-exit 1 %dxil-upgrade %s -o %t.ll 2>&1 | %FileCheck %s
; RUN: not test -e %t.ll
; A literal alignment is upgraded to pointer alignment attributes.
; RUN: sed 's/i32 %align, i1/i32 8, i1/' %s | %dxil-upgrade - -o - | %FileCheck --check-prefix=OK %s
; CHECK: text-mem-intrinsic-align.ll:19: error: call of @llvm.memmove.p0i8.p0i8.i32: its alignment (argument 4) is not an integer constant
; CHECK-SAME: [DXIL2012]
; OK: call void @llvm.memmove.p0.p0.i32(ptr align 8 %d, ptr align 8 %s, i32 %n, i1 false)

define void @move(i8* %d, i8* %s, i32 %n, i32 %align) {
entry:
  call void @llvm.memmove.p0i8.p0i8.i32(i8* %d, i8* %s, i32 %n,
                                         i32 %align, i1 false)
  ret void
}

declare void @llvm.memmove.p0i8.p0i8.i32(i8*, i8*, i32, i32, i1)
