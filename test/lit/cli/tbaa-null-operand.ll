; LLVM 22's reader verifies every !tbaa attachment while it reads a
; function, and dereferences a null operand of a TBAA node (a type name,
; a parent, a struct field). The validator refuses such an attachment,
; naming the node, before LLVM sees the bytes; a well-formed tag loads.
; The bitcode is written by llvm-as without its verifier.
; RUN: llvm-as -disable-verify %s -o %t.bc
; RUN: %dxil-upgrade --no-raise %t.bc -o %t.ok.ll
; RUN: sed 's/!tbaa !9/!tbaa !10/' %s | llvm-as -disable-verify -o %t.name.bc
; RUN: not %dxil-upgrade --no-raise %t.name.bc -o %t.out 2>&1 | FileCheck %s
; RUN: not test -e %t.out
; RUN: sed 's/!tbaa !9/!tbaa !11/' %s | llvm-as -disable-verify -o %t.parent.bc
; RUN: not %dxil-upgrade --no-raise %t.parent.bc -o %t.out 2>&1 | FileCheck %s
; RUN: sed 's/!tbaa !9/!tbaa !12/' %s | llvm-as -disable-verify -o %t.field.bc
; RUN: not %dxil-upgrade --no-raise %t.field.bc -o %t.out 2>&1 | FileCheck %s

; CHECK: error: {{.*}}!tbaa attachment reaches metadata node {{[0-9]+}}, which has a null operand in block 16 (METADATA_ATTACHMENT) [DXIL2004 at bit {{[0-9]+}} (byte 0x{{[0-9a-f]+}})]

define void @f(ptr %p) {
  store i32 0, ptr %p, !tbaa !9
  ret void
}

!0 = !{!"root"}
!1 = !{!"int", !0, i64 0}
!2 = !{null, !0, i64 0}
!3 = !{!"s", null, i64 0}
!4 = !{!"s", !1, i64 0, null, i64 4}
!9 = !{!1, !1, i64 0}
!10 = !{!2, !2, i64 0}
!11 = !{!3, !1, i64 0}
!12 = !{!4, !4, i64 0}
