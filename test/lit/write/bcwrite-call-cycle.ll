; A declaration returning a pointer whose result flows back into its own
; pointer argument (phi and select in a loop): the typed-pointer writer
; types the parameter from the call's argument, which leads back to the
; call and to the declaration being typed. The writer dereferenced the
; declaration's placeholder type as a function type (a segfault, from an
; LLVM 3.7 optimizer test in DXC's repository); the pointer is i8* and the
; container is written and reads back.
; RUN: rm -f %t.dxil
; RUN: %dxil-lower %s --no-validate -o %t.dxil 2>&1 | %FileCheck --check-prefix=WARN %s
; RUN: %dxil-upgrade --no-raise --verify %t.dxil -o - | %FileCheck %s
; WARN: written unsigned [DXIL1016]
; CHECK: declare ptr @next(ptr)
; CHECK: %p = phi ptr [ %q, %loop ], [ %start, %entry ]
; CHECK-NEXT: %n = call ptr @next(ptr %p)

target datalayout = "e-m:e-p:32:32-i1:32-i8:8:32-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

declare ptr @next(ptr)

define void @walk(ptr %start) {
entry:
  br label %loop

loop:
  %p = phi ptr [ %q, %loop ], [ %start, %entry ]
  %n = call ptr @next(ptr %p)
  %nz = icmp ne ptr %n, null
  %q = select i1 %nz, ptr %n, ptr null
  %done = icmp eq ptr %q, null
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 3}
!1 = !{!"lib", i32 6, i32 3}
