; Inline assembly has no DXIL form: the container writer refuses the call
; naming its function and instruction (it said only "a constant with no
; 3.7 form", from an LLVM 3.7 alias-analysis test in DXC's repository).
; Exit 1, nothing written; text output is fine.
; RUN: rm -f %t.dxil
; RUN: %expect-exit 1 %dxil-lower %s --no-validate -o %t.dxil 2>&1 | %FileCheck %s
; RUN: not test -e %t.dxil
; RUN: %dxil-lower %s -o %t.ll
; CHECK: error: cannot write DXIL bitcode: function @spin, `%r = call i32 asm "nop", "=r,r"(i32 %x)`: inline assembly has no DXIL form [DXIL3004]

target datalayout = "e-m:e-p:32:32-i1:32-i8:8:32-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define i32 @spin(i32 %x) {
  %r = call i32 asm "nop", "=r,r"(i32 %x)
  ret i32 %r
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 3}
!1 = !{!"lib", i32 6, i32 3}
