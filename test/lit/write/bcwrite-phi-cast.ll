; A phi whose incoming pointers point to different types in the typed
; form the writer gives them (an i32 and a float alloca): the second needs
; a cast, and the writer put it just before the phi, so the container it
; wrote (signed, too) read back with "PHI nodes not grouped at top of basic
; block" (an HLSL pass test in DXC's repository). Such a phi is refused,
; naming it; nothing is written.
; RUN: rm -f %t.dxil
; RUN: %expect-exit 1 %dxil-lower %s --no-validate -o %t.dxil 2>&1 | %FileCheck %s
; RUN: not test -e %t.dxil
; RUN: %expect-exit 1 %dxil-lower %s -o %t.dxil 2>&1 | %FileCheck %s
; RUN: not test -e %t.dxil
; A constant incoming pointer is cast in place, and is written.
; RUN: sed 's/\[ %b, %entry \]/[ @gf, %entry ]/' %s | %dxil-lower - --no-validate -o %t.const.dxil
; RUN: %dxil-upgrade --verify --no-raise %t.const.dxil -o - | %FileCheck --check-prefix=CONST %s
; CHECK: error: cannot write DXIL bitcode: function @pick, `%p = phi ptr [ %a, %left ], [ %b, %entry ]`: the phi joins pointers to memory of different types
; CONST: %p = phi ptr [ %a, %left ], [ @gf, %entry ]

target datalayout = "e-m:e-p:32:32-i1:32-i8:8:32-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

@gf = internal global float 0.0, align 4

define i32 @pick(i1 %c) {
entry:
  %a = alloca i32, align 4
  %b = alloca float, align 4
  br i1 %c, label %left, label %join

left:
  br label %join

join:
  %p = phi ptr [ %a, %left ], [ %b, %entry ]
  store i32 1, ptr %p, align 4
  %v = load i32, ptr %a, align 4
  ret i32 %v
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 3}
!1 = !{!"lib", i32 6, i32 3}
